// Scratch generator for tests/tei/openskill_vectors.json (not committed; see tests/tei/README.md).
import { rate } from 'openskill';
let s = 0x9e3779b9 >>> 0;
function rnd() { s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0; return s / 4294967296; }
function ri(a, b) { return a + Math.floor(rnd() * (b - a + 1)); }
const cases = [];
function add(name, teams, ranks) {
  const out = ranks === undefined ? rate(teams) : rate(teams, { rank: ranks });
  const c = { name, teams };
  if (ranks !== undefined) c.ranks = ranks;
  c.expected = out.map(t => t.map(p => ({ mu: p.mu, sigma: p.sigma })));
  cases.push(c);
}
const d = () => ({ mu: 25, sigma: 25 / 3 });
add('default 1v1, input order', [[d()], [d()]]);
add('default 1v1, second wins', [[d()], [d()]], [2, 1]);
add('default 1v1 tie', [[d()], [d()]], [1, 1]);
add('ffa 4 with ties 1,2,2,4', [[d()], [d()], [d()], [d()]], [1, 2, 2, 4]);
add('ffa 4 unsorted with ties', [[{mu:30,sigma:2}], [d()], [{mu:20,sigma:5}], [{mu:27,sigma:1.2}]], [3, 1, 3, 2]);
add('human vs commander anchor (points), human wins', [[d()], [{mu:35,sigma:3}]], [1, 2]);
add('human vs ensign anchor (go-out), human loses', [[{mu:22.5,sigma:4.1}], [{mu:17.5,sigma:4.5}]], [2, 1]);
add('teams of unequal size 1 vs 3', [[{mu:32,sigma:3}], [d(), {mu:20,sigma:6}, {mu:28,sigma:2}]], [2, 1]);
add('2v2 squadrons', [[{mu:26,sigma:4}, {mu:24,sigma:5}], [{mu:35,sigma:3}, {mu:26.5,sigma:3.5}]], [1, 2]);
add('all tied 3', [[d()], [{mu:30,sigma:1}], [{mu:10,sigma:9}]], [5, 5, 5]);
add('non-contiguous ranks 10,30,20', [[d()], [d()], [d()]], [10, 30, 20]);
add('tiny sigma', [[{mu:40,sigma:0.01}], [{mu:10,sigma:0.001}]], [2, 1]);
add('zero sigma', [[{mu:25,sigma:0}], [{mu:25,sigma:0}]], [1, 2]);
add('eight player table', Array.from({length: 8}, (_, i) => [{mu: 18 + 3 * i, sigma: 2 + 0.7 * i}]), [8, 7, 6, 5, 4, 3, 2, 1]);
for (let k = 0; k < 200; ++k) {
  const nTeams = ri(2, 7);
  const teams = [];
  for (let t = 0; t < nTeams; ++t) {
    const size = ri(1, 4);
    const team = [];
    for (let m = 0; m < size; ++m) team.push({ mu: Math.round((5 + rnd() * 45) * 1e6) / 1e6, sigma: Math.round((0.05 + rnd() * 9) * 1e6) / 1e6 });
    teams.push(team);
  }
  let ranks;
  const mode = ri(0, 2);
  if (mode === 1) ranks = teams.map(() => ri(1, nTeams));            // unsorted, ties likely
  if (mode === 2) ranks = teams.map((_, i) => nTeams - i);           // reversed
  add(`random ${k}`, teams, ranks);
}
console.log("{\"generator\": \"openskill@5.0.1 rate() with default options (Plackett-Luce)\",\n\"cases\": [\n" + cases.map(c => JSON.stringify(c)).join(",\n") + "\n]}");

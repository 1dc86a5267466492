// The declared command line: help printed from the declarations, arguments parsed and checked by them.
#include "tools/concord/command_line.h"

#include <algorithm>
#include <cstdio>

namespace concord::cli {
namespace {

constexpr size_t kColumn = 22;  // help text starts here, as the hand-written helps did

bool isHelp(const std::string& a) { return a == "-h" || a == "--help"; }
bool isOption(const Declared& d) { return d.kind == Declared::Kind::Flag || d.kind == Declared::Kind::Value; }

// Edit distance, for "did you mean --seats?" after a typo.
size_t distance(const std::string& a, const std::string& b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diag = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

// One help entry: the left column, then the help lines aligned at kColumn.
void entry(std::string& out, const std::string& left, const std::string& help) {
  std::string l = "  " + left;
  if (help.empty()) {
    out += l + "\n";
    return;
  }
  if (l.size() + 1 > kColumn) {
    out += l + "\n";
    l.clear();
  }
  l.resize(kColumn, ' ');
  size_t from = 0;
  while (true) {
    size_t nl = help.find('\n', from);
    out += l + help.substr(from, nl == std::string::npos ? std::string::npos : nl - from) + "\n";
    if (nl == std::string::npos || nl + 1 == help.size()) break;
    from = nl + 1;
    l.assign(kColumn, ' ');
  }
}

}  // namespace

std::string wholeIn(const std::string& option, const std::string& text, uint64_t min, uint64_t max, uint64_t& out) {
  uint64_t v = 0;
  if (wholeNumber(text, v, max) && v >= min) {
    out = v;
    return "";
  }
  std::string range = max >= 999'999'999'999 ? (min == 0 ? "" : " of at least " + std::to_string(min))
                                             : " from " + std::to_string(min) + " to " + std::to_string(max);
  return option + " takes a whole number" + range + ", got '" + text + "'";
}

CommandLine::CommandLine(std::string path, std::string about) : path_(std::move(path)), about_(std::move(about)) {}

CommandLine& CommandLine::add(Declared d) {
  decl_.push_back(std::move(d));
  return *this;
}

CommandLine& CommandLine::flag(std::string name, std::string help, bool& on) {
  return flag(std::move(name), std::move(help), [&on] { on = true; });
}

CommandLine& CommandLine::flag(std::string name, std::string help, std::function<void()> act) {
  return add({Declared::Kind::Flag, std::move(name), "", std::move(help), false, "", [act = std::move(act)](const std::string&) {
                act();
                return std::string();
              }});
}

CommandLine& CommandLine::text(std::string name, std::string value, std::string help, std::string& out) {
  return option(std::move(name), std::move(value), std::move(help), [&out](const std::string& v) {
    out = v;
    return std::string();
  });
}

CommandLine& CommandLine::choice(std::string name, std::string value, std::string help, std::string& out,
                                 std::vector<std::string> words) {
  std::string n = name;
  return option(std::move(name), std::move(value), std::move(help), [n, &out, words = std::move(words)](const std::string& v) {
    if (std::find(words.begin(), words.end(), v) != words.end()) {
      out = v;
      return std::string();
    }
    std::string list;
    for (size_t i = 0; i < words.size(); ++i) list += (i == 0 ? "" : i + 1 == words.size() ? " or " : ", ") + words[i];
    return n + " takes " + list + ", got '" + v + "'";
  });
}

CommandLine& CommandLine::keyValue(std::string name, std::string help, ConfigOptions& out) {
  std::string n = name;
  return option(std::move(name), "key=value", std::move(help), [n, &out](const std::string& v) {
    auto eq = v.find('=');
    if (eq == std::string::npos || eq == 0) return n + " takes key=value, got '" + v + "'";
    out.emplace_back(v.substr(0, eq), v.substr(eq + 1));
    return std::string();
  });
}

CommandLine& CommandLine::option(std::string name, std::string value, std::string help,
                                 std::function<std::string(const std::string&)> take) {
  return add({Declared::Kind::Value, std::move(name), std::move(value), std::move(help), false, "", std::move(take)});
}

CommandLine& CommandLine::positional(std::string placeholder, std::string help, std::string& out, bool required,
                                     std::string missing) {
  return add({Declared::Kind::Positional, std::move(placeholder), "", std::move(help), required, std::move(missing),
              [&out](const std::string& v) {
                out = v;
                return std::string();
              }});
}

CommandLine& CommandLine::positionals(std::string placeholder, std::string help, std::vector<std::string>& out,
                                      std::string missing) {
  Declared d{Declared::Kind::Positional, std::move(placeholder) + "...", "", std::move(help), true, std::move(missing),
             [&out](const std::string& v) {
               out.push_back(v);
               return std::string();
             }};
  d.many = true;
  return add(std::move(d));
}

CommandLine& CommandLine::configArgs(std::string help, ConfigOptions& out) {
  return add({Declared::Kind::ConfigArg, "key=value", "", std::move(help), false, "", [&out](const std::string& v) {
                auto eq = v.find('=');
                out.emplace_back(v.substr(0, eq), v.substr(eq + 1));
                return std::string();
              }});
}

CommandLine& CommandLine::required(std::string missing) {
  decl_.back().required = true;
  decl_.back().missing = missing.empty() ? decl_.back().name + " " + decl_.back().value + " is required" : std::move(missing);
  return *this;
}

CommandLine& CommandLine::path(PathUse use) {
  decl_.back().path = use;
  return *this;
}

CommandLine& CommandLine::footer(std::string text) {
  footer_ += text;
  return *this;
}

CommandLine& CommandLine::heading(std::string text) {
  headings_.emplace_back(decl_.size(), std::move(text));
  return *this;
}

std::string CommandLine::help() const {
  std::string usage = "usage: concord " + path_;
  bool anyOption = false, config = false;
  for (const auto& d : decl_) {
    if (d.kind == Declared::Kind::Positional) usage += d.required ? " " + d.name : " [" + d.name + "]";
    if (d.kind == Declared::Kind::Value && d.required) usage += " " + d.name + " " + d.value;
    anyOption = anyOption || (isOption(d) && !d.required);
    config = config || d.kind == Declared::Kind::ConfigArg;
  }
  if (anyOption) usage += " [options]";
  if (config) usage += " [key=value ...]";
  std::string out = usage + "\n" + about_;
  if (!about_.empty() && about_.back() != '\n') out += "\n";
  size_t h = 0;
  for (size_t i = 0; i < decl_.size(); ++i) {
    for (; h < headings_.size() && headings_[h].first == i; ++h) out += headings_[h].second + "\n";
    const auto& d = decl_[i];
    if (d.kind == Declared::Kind::Positional && d.help.empty()) continue;
    entry(out, d.value.empty() ? d.name : d.name + " " + d.value, d.help);
  }
  for (; h < headings_.size(); ++h) out += headings_[h].second + "\n";
  entry(out, "-h, --help", "this help");
  return out + footer_;
}

std::string CommandLine::check(Args args, bool& help) const {
  help = std::any_of(args.begin(), args.end(), isHelp);
  if (help) return "";
  size_t nextPositional = 0;
  std::vector<const Declared*> positionals;
  const Declared* config = nullptr;
  for (const auto& d : decl_) {
    if (d.kind == Declared::Kind::Positional) positionals.push_back(&d);
    if (d.kind == Declared::Kind::ConfigArg) config = &d;
  }
  std::vector<const Declared*> given;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a.size() > 1 && a[0] == '-') {
      auto d = std::find_if(decl_.begin(), decl_.end(), [&](const Declared& x) { return x.name == a && isOption(x); });
      if (d == decl_.end()) {
        std::string near;
        size_t best = 3;  // suggest only a near miss: at most two edits away
        for (const auto& x : decl_)
          if (isOption(x))
            if (size_t dist = distance(a, x.name); dist < best) best = dist, near = x.name;
        return "unknown option '" + a + "'" + (near.empty() ? "" : " (did you mean " + near + "?)");
      }
      given.push_back(&*d);
      if (d->kind == Declared::Kind::Flag) {
        d->take("");
        continue;
      }
      if (i + 1 >= args.size()) return a + " needs a value (" + a + " " + d->value + ")";
      if (auto e = d->take(args[++i]); !e.empty()) return e;
      continue;
    }
    if (config && a.find('=') != std::string::npos) {
      if (a.front() == '=') return "'" + a + "' is not key=value";
      config->take(a);
      continue;
    }
    if (nextPositional >= positionals.size()) return "unexpected argument '" + a + "'";
    const Declared* p = positionals[nextPositional];
    if (!p->many) ++nextPositional;
    if (auto e = p->take(a); !e.empty()) return e;
    if (p->many) given.push_back(p);
  }
  for (const auto& d : decl_)
    if (isOption(d) && d.required && std::find(given.begin(), given.end(), &d) == given.end()) return d.missing;
  for (size_t p = nextPositional; p < positionals.size(); ++p)
    if (positionals[p]->required && std::find(given.begin(), given.end(), positionals[p]) == given.end())
      return positionals[p]->missing.empty() ? "missing " + positionals[p]->name : positionals[p]->missing;
  return "";
}

int CommandLine::usage(const std::string& message) const { return usageError(path_ + ": " + message, hint()); }

std::optional<int> CommandLine::parse(Args args) const {
  bool wantHelp = false;
  std::string problem = check(args, wantHelp);
  if (wantHelp) {
    std::printf("%s", help().c_str());
    return 0;
  }
  if (!problem.empty()) return usage(problem);
  if (auto bad = pathCheck(args); !bad.empty()) return failure(path_ + ": " + bad);
  return std::nullopt;
}

std::string CommandLine::pathCheck(Args args) const {
  // The arguments parsed cleanly, so each value's declaration is found again the way check() found it.
  std::vector<const Declared*> positionals;
  for (const auto& d : decl_)
    if (d.kind == Declared::Kind::Positional) positionals.push_back(&d);
  const bool config = std::any_of(decl_.begin(), decl_.end(), [](const Declared& d) { return d.kind == Declared::Kind::ConfigArg; });
  size_t nextPositional = 0;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    const Declared* d = nullptr;
    std::string value = a;
    if (a.size() > 1 && a[0] == '-') {
      auto o = std::find_if(decl_.begin(), decl_.end(), [&](const Declared& x) { return x.name == a && isOption(x); });
      if (o == decl_.end() || o->kind == Declared::Kind::Flag || i + 1 >= args.size()) continue;
      d = &*o;
      value = args[++i];
    } else if (config && a.find('=') != std::string::npos) {
      continue;
    } else if (nextPositional < positionals.size()) {
      d = positionals[nextPositional];
      if (!d->many) ++nextPositional;
    }
    if (d && d->path)
      if (auto p = pathProblem(value, *d->path); !p.empty()) return p;
  }
  return "";
}

std::string groupHelp(const std::string& path, const std::vector<Subcommand>& subs, const std::string& noun) {
  std::string names;
  for (const auto& s : subs) names += (names.empty() ? "" : "|") + s.name;
  std::string out = "usage: concord " + path + " <" + names + "> [options]\n";
  for (const auto& s : subs) entry(out, s.name, s.summary);
  return out + "Run `concord " + path + " <" + noun + "> --help` for its options.\n";
}

int runGroup(const std::string& path, const std::vector<Subcommand>& subs, Args args, const std::string& noun) {
  if (args.empty() || isHelp(args[0]) || args[0] == "help") {
    std::printf("%s", groupHelp(path, subs, noun).c_str());
    return args.empty() ? 2 : 0;
  }
  std::string known;
  for (const auto& s : subs) {
    if (s.name == args[0]) return s.run(args.subspan(1));
    known += (known.empty() ? "" : ", ") + s.name;
  }
  return usageError(path + ": unknown " + noun + " '" + args[0] + "' (known: " + known + ")", "concord " + path + " --help");
}

}  // namespace concord::cli

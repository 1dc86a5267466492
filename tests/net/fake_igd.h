// A UPnP Internet Gateway Device on loopback for port-mapping tests (issue 25): answers SSDP M-SEARCH on lo (joined at
// `ip`), serves its root description and the WANIPConnection SOAP actions miniupnpc calls (GetStatusInfo,
// GetExternalIPAddress, AddPortMapping, DeletePortMapping) over HTTP at `ip`, and counts the mappings.
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <string>
#include <thread>

namespace concord::test_support {

class FakeIgd {
 public:
  explicit FakeIgd(std::string ip) : ip_(std::move(ip)) {}
  ~FakeIgd() {
    stop_ = true;
    if (ssdpThread_.joinable()) ssdpThread_.join();
    if (httpThread_.joinable()) httpThread_.join();
    if (ssdp_ >= 0) ::close(ssdp_);
    if (http_ >= 0) ::close(http_);
  }
  /// False when a socket cannot be had (the test then skips).
  bool start() {
    http_ = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a = at(ip_, 0);
    if (http_ < 0 || ::bind(http_, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 || ::listen(http_, 8) != 0) return false;
    socklen_t len = sizeof a;
    ::getsockname(http_, reinterpret_cast<sockaddr*>(&a), &len);
    httpPort_ = ntohs(a.sin_port);
    ssdp_ = ::socket(AF_INET, SOCK_DGRAM, 0);
    int one = 1;
    ::setsockopt(ssdp_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in group = at("239.255.255.250", 1900);
    if (ssdp_ < 0 || ::bind(ssdp_, reinterpret_cast<sockaddr*>(&group), sizeof group) != 0) return false;
    ip_mreq m{};
    m.imr_multiaddr.s_addr = ::inet_addr("239.255.255.250");
    m.imr_interface.s_addr = ::inet_addr(ip_.c_str());
    if (::setsockopt(ssdp_, IPPROTO_IP, IP_ADD_MEMBERSHIP, &m, sizeof m) != 0) return false;
    timeval tv{0, 50000};
    ::setsockopt(ssdp_, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    ::setsockopt(http_, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    ssdpThread_ = std::thread([this] { answerSearches(); });
    httpThread_ = std::thread([this] { serveHttp(); });
    return true;
  }
  std::atomic<int> added{0}, deleted{0};

 private:
  static sockaddr_in at(const std::string& ip, uint16_t port) {
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(port);
    a.sin_addr.s_addr = ::inet_addr(ip.c_str());
    return a;
  }
  std::string base() const { return "http://" + ip_ + ":" + std::to_string(httpPort_); }

  void answerSearches() {
    while (!stop_) {
      char buf[1500];
      sockaddr_in from{};
      socklen_t len = sizeof from;
      const ssize_t n = ::recvfrom(ssdp_, buf, sizeof buf - 1, 0, reinterpret_cast<sockaddr*>(&from), &len);
      if (n <= 0) continue;
      const std::string req(buf, static_cast<size_t>(n));
      const auto st = req.find("ST:");
      if (req.rfind("M-SEARCH", 0) != 0 || st == std::string::npos) continue;
      std::string type = req.substr(st + 3, req.find("\r\n", st) - st - 3);
      while (!type.empty() && type.front() == ' ') type.erase(0, 1);
      const std::string reply = "HTTP/1.1 200 OK\r\nCACHE-CONTROL: max-age=120\r\nST: " + type + "\r\nUSN: uuid:fake-igd::" + type +
                                "\r\nEXT:\r\nSERVER: fake/1 UPnP/1.1 fake/1\r\nLOCATION: " + base() + "/rootDesc.xml\r\n\r\n";
      ::sendto(ssdp_, reply.data(), reply.size(), 0, reinterpret_cast<sockaddr*>(&from), len);
    }
  }

  std::string answer(const std::string& request) const {
    if (request.rfind("GET ", 0) == 0) return http("text/xml", rootDescription());
    const auto hash = request.find("WANIPConnection:1#");
    if (hash == std::string::npos) return http("text/xml", "");
    const std::string action = request.substr(hash + 18, request.find('"', hash) - hash - 18);
    std::string fields;
    if (action == "GetStatusInfo")
      fields = "<NewConnectionStatus>Connected</NewConnectionStatus><NewLastConnectionError>ERROR_NONE</NewLastConnectionError>"
               "<NewUptime>100</NewUptime>";
    else if (action == "GetExternalIPAddress") fields = "<NewExternalIPAddress>203.0.113.9</NewExternalIPAddress>";
    else if (action == "AddPortMapping") ++const_cast<FakeIgd*>(this)->added;
    else if (action == "DeletePortMapping") ++const_cast<FakeIgd*>(this)->deleted;
    return http("text/xml", "<?xml version=\"1.0\"?><s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\" "
                            "s:encodingStyle=\"http://schemas.xmlsoap.org/soap/encoding/\"><s:Body><u:" + action +
                                "Response xmlns:u=\"urn:schemas-upnp-org:service:WANIPConnection:1\">" + fields + "</u:" + action +
                                "Response></s:Body></s:Envelope>");
  }
  static std::string http(const std::string& type, const std::string& body) {
    return "HTTP/1.1 200 OK\r\nContent-Type: " + type + "\r\nContent-Length: " + std::to_string(body.size()) +
           "\r\nConnection: close\r\n\r\n" + body;
  }
  std::string rootDescription() const {
    auto service = [](const std::string& type, const std::string& path) {
      return "<serviceList><service><serviceType>urn:schemas-upnp-org:service:" + type + "</serviceType><serviceId>urn:upnp-org:serviceId:" +
             path + "</serviceId><controlURL>/" + path + "</controlURL><eventSubURL>/ev" + path + "</eventSubURL><SCPDURL>/" + path +
             ".xml</SCPDURL></service></serviceList>";
    };
    return "<?xml version=\"1.0\"?><root xmlns=\"urn:schemas-upnp-org:device-1-0\"><specVersion><major>1</major><minor>0</minor>"
           "</specVersion><URLBase>" + base() + "</URLBase><device><deviceType>urn:schemas-upnp-org:device:InternetGatewayDevice:1"
           "</deviceType><friendlyName>fake</friendlyName><deviceList><device><deviceType>urn:schemas-upnp-org:device:WANDevice:1"
           "</deviceType>" + service("WANCommonInterfaceConfig:1", "cic") + "<deviceList><device><deviceType>"
           "urn:schemas-upnp-org:device:WANConnectionDevice:1</deviceType>" + service("WANIPConnection:1", "ipc") +
           "</device></deviceList></device></deviceList></device></root>";
  }

  void serveHttp() {
    while (!stop_) {
      const int c = ::accept(http_, nullptr, nullptr);
      if (c < 0) continue;
      timeval tv{1, 0};
      ::setsockopt(c, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
      std::string req;
      char buf[4096];
      size_t need = std::string::npos;
      while (req.size() < need) {
        const ssize_t n = ::recv(c, buf, sizeof buf, 0);
        if (n <= 0) break;
        req.append(buf, static_cast<size_t>(n));
        const auto end = req.find("\r\n\r\n");
        if (end != std::string::npos && need == std::string::npos) {
          const auto cl = req.find("Content-Length:");
          const auto cl2 = cl == std::string::npos ? req.find("CONTENT-LENGTH:") : cl;
          need = end + 4 + (cl2 == std::string::npos || cl2 > end ? 0 : std::stoul(req.substr(cl2 + 15)));
        }
      }
      const std::string out = answer(req);
      ::send(c, out.data(), out.size(), MSG_NOSIGNAL);
      ::close(c);
    }
  }

  std::string ip_;
  int ssdp_ = -1, http_ = -1;
  uint16_t httpPort_ = 0;
  std::atomic<bool> stop_{false};
  std::thread ssdpThread_, httpThread_;
};

}  // namespace concord::test_support

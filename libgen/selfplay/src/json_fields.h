// json_fields.h (internal) -- reading the fields of a JSON object that came
// from a file, with errors that name the field ("stats.moves.play: expected a
// whole number, got \"x\""). The first error sticks and is shared by the
// readers of nested objects; later reads return zero values.
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "lexc/status.h"

namespace lexc::selfplay {

class JsonFields {
 public:
  // `where` names the object ("stats", "checkpoint.part").
  JsonFields(const nlohmann::json& j, std::string where)
      : JsonFields(j, std::move(where), std::make_shared<Status>()) {}

  bool ok() const { return status_->ok(); }
  const Status& status() const { return *status_; }
  void Fail(const std::string& field, const std::string& problem) {
    if (ok()) *status_ = Status(Errc::kBadInput, Name(field) + ": " + problem);
  }

  const nlohmann::json* Get(const std::string& field) {
    seen_.insert(field);
    if (!ok() || !is_object_) return nullptr;
    auto it = j_.find(field);
    if (it == j_.end()) {
      Fail(field, "missing");
      return nullptr;
    }
    return &*it;
  }
  std::uint64_t Whole(const std::string& field) {
    const nlohmann::json* v = Get(field);
    if (!v) return 0;
    if (!v->is_number_unsigned()) {
      Fail(field, "expected a whole number, got " + Short(*v));
      return 0;
    }
    return v->get<std::uint64_t>();
  }
  std::int64_t Integer(const std::string& field) {
    const nlohmann::json* v = Get(field);
    if (!v) return 0;
    if (!v->is_number_integer() || (v->is_number_unsigned() && v->get<std::uint64_t>() > INT64_MAX)) {
      Fail(field, "expected an integer, got " + Short(*v));
      return 0;
    }
    return v->get<std::int64_t>();
  }
  std::string String(const std::string& field) {
    const nlohmann::json* v = Get(field);
    if (!v) return {};
    if (!v->is_string()) {
      Fail(field, "expected a string, got " + Short(*v));
      return {};
    }
    return v->get<std::string>();
  }
  void Expect(const std::string& field, const std::string& value) {
    const nlohmann::json* v = Get(field);
    if (v && !(v->is_string() && v->get<std::string>() == value))
      Fail(field, "expected \"" + value + "\", got " + Short(*v));
  }
  std::uint64_t Hex64(const std::string& field) {
    const std::string s = String(field);
    if (!ok()) return 0;
    std::uint64_t r = 0;
    bool good = s.size() == 16;
    for (char c : s) {
      const int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
      if (d < 0) good = false;
      r = r << 4 | std::uint64_t(d < 0 ? 0 : d);
    }
    if (!good) Fail(field, "expected 16 lower-case hex digits, got \"" + s.substr(0, 40) + "\"");
    return good ? r : 0;
  }
  // The reader of a nested object (sharing this one's error).
  JsonFields Object(const std::string& field) {
    const nlohmann::json* v = Get(field);
    static const nlohmann::json kEmpty = nlohmann::json::object();
    return JsonFields(v ? *v : kEmpty, Name(field), status_);
  }
  // An error for any field no read asked for.
  void NoOthers() {
    if (!ok() || !is_object_) return;
    for (auto it = j_.begin(); it != j_.end(); ++it)
      if (!seen_.count(it.key())) return Fail(it.key(), "unknown field");
  }

 private:
  JsonFields(const nlohmann::json& j, std::string where, std::shared_ptr<Status> status)
      : j_(j), where_(std::move(where)), status_(std::move(status)), is_object_(j.is_object()) {
    if (!is_object_ && ok()) *status_ = Status(Errc::kBadInput, where_ + ": expected an object, got " + Short(j));
  }
  std::string Name(const std::string& field) const { return where_.empty() ? field : where_ + "." + field; }
  static std::string Short(const nlohmann::json& v) {
    std::string s = v.dump(-1, ' ', true, nlohmann::json::error_handler_t::replace);
    return s.size() > 40 ? s.substr(0, 37) + "..." : s;
  }

  const nlohmann::json& j_;
  std::string where_;
  std::shared_ptr<Status> status_;
  bool is_object_;
  std::set<std::string> seen_;
};

}  // namespace lexc::selfplay

// The fields of a checkpoint (run/checkpoint.hpp) as bytes, for the run's state and for each
// output's own (Checkpoint::output_states): a state's fields are listed once, by a function
// template `fields(io, state)` that CheckpointWriter (state const) and CheckpointReader run
// through, so that a field cannot be written without being read. Every double is its 8 raw
// bytes, in the machine's byte order.
#pragma once

#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/math/types.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>

namespace moreau::run {

/// Writes fields as raw bytes: each value converted to the type it is stored as (Stored).
class CheckpointWriter {
 public:
  template <typename Stored, typename T>
  void number(const T& value) {
    put(static_cast<Stored>(value));
  }
  void vector(const math::Vec3& vector) {
    for (int i = 0; i < 3; ++i) put(vector[i]);
  }
  void quaternion(const math::Quat& q) {
    for (const double component : {q.w(), q.x(), q.y(), q.z()}) put(component);
  }
  void text(const std::string& text) {
    put(static_cast<std::uint64_t>(text.size()));
    bytes_.append(text);
  }
  /// A count, then each item through `item`.
  template <typename Items, typename Item>
  void sequence(const Items& items, Item item) {
    put(static_cast<std::uint64_t>(items.size()));
    for (const auto& each : items) item(each);
  }
  /// A flag, then the value (a default one when absent: the record has a fixed size).
  template <typename T, typename Value>
  void optional(const std::optional<T>& value, Value write) {
    put(static_cast<std::uint8_t>(value.has_value()));
    const T written = value.value_or(T{});
    write(written);
  }
  /// The index of the alternative held (u8), then that alternative through `write`.
  template <typename... Ts, typename Value>
  void variant(const std::variant<Ts...>& value, Value write) {
    put(static_cast<std::uint8_t>(value.index()));
    std::visit(write, value);
  }
  const std::string& bytes() const { return bytes_; }

 private:
  template <typename T>
  void put(const T& value) {
    static_assert(std::is_trivially_copyable_v<T>);
    bytes_.append(reinterpret_cast<const char*>(&value), sizeof value);
  }

  std::string bytes_;
};

/// Reads the fields back from `bytes`, refusing bytes that end before their last field
/// (core::Diagnostic naming `path`).
class CheckpointReader {
 public:
  CheckpointReader(const std::string& bytes, const std::filesystem::path& path)
      : bytes_(bytes), path_(path) {}

  template <typename Stored, typename T>
  void number(T& value) {
    value = static_cast<T>(get<Stored>());
  }
  void vector(math::Vec3& vector) {
    for (int i = 0; i < 3; ++i) vector[i] = get<double>();
  }
  void quaternion(math::Quat& q) {
    const double w = get<double>(), x = get<double>(), y = get<double>(), z = get<double>();
    q = math::Quat(w, x, y, z);
  }
  void text(std::string& text) {
    text.assign(count(), '\0');
    take(text.data(), text.size());
  }
  template <typename Items, typename Item>
  void sequence(Items& items, Item item) {
    items.resize(count());
    for (auto& each : items) item(each);
  }
  template <typename T, typename Value>
  void optional(std::optional<T>& value, Value read) {
    const bool present = get<std::uint8_t>() != 0;
    T read_value{};
    read(read_value);
    if (present) value = read_value;
  }
  template <typename... Ts, typename Value>
  void variant(std::variant<Ts...>& value, Value read) {
    const std::size_t index = get<std::uint8_t>();
    if (index >= sizeof...(Ts))
      throw core::Diagnostic({path_.string()}, "",
                             core::concat("the checkpoint is damaged (alternative ", index,
                                          " of a field that has ", sizeof...(Ts), ")"));
    value = default_alternative<std::variant<Ts...>>(index, std::index_sequence_for<Ts...>{});
    std::visit(read, value);
  }

  template <typename T>
  T get() {
    static_assert(std::is_trivially_copyable_v<T>);
    T value;
    take(&value, sizeof value);
    return value;
  }
  std::size_t offset() const { return offset_; }
  bool at_end() const { return offset_ == bytes_.size(); }

 private:
  // A count cannot exceed the bytes left (each item takes at least one): a damaged count
  // is refused before anything is allocated for it.
  std::size_t count() {
    const auto count = get<std::uint64_t>();
    if (count > bytes_.size() - offset_) truncated();
    return static_cast<std::size_t>(count);
  }
  void take(void* destination, std::size_t size) {
    if (size > bytes_.size() - offset_) truncated();
    std::memcpy(destination, bytes_.data() + offset_, size);
    offset_ += size;
  }
  template <typename Variant, std::size_t... I>
  static Variant default_alternative(std::size_t index, std::index_sequence<I...>) {
    Variant value;
    ((index == I ? void(value.template emplace<I>()) : void()), ...);
    return value;
  }
  [[noreturn]] void truncated() const {
    throw core::Diagnostic({path_.string()}, "",
                           "the checkpoint is truncated (it ends before its last field)");
  }

  const std::string& bytes_;
  const std::filesystem::path& path_;
  std::size_t offset_ = 0;
};

/// Refuses, by field, values that passed the checksum but that no run writes (a checkpoint
/// written by another program, or edited with its checksum recomputed): core::Diagnostic
/// naming the checkpoint's file, the field (`key`), what a run writes and what was found.
class CheckpointValueCheck {
 public:
  /// The checkpoint's file, its last step and its time (s), against which steps and times of
  /// its fields are checked.
  CheckpointValueCheck(const std::filesystem::path& path, long step, double time)
      : path_(path), step_(step), time_(time) {}

  [[noreturn]] void refuse(const std::string& key, const std::string& expected,
                           const std::string& found) const;
  /// A step from 0 to the checkpoint's.
  void step(const std::string& key, long step) const;
  /// A time from 0 to the checkpoint's.
  void time(const std::string& key, double time) const;
  void finite(const std::string& key, double value) const;
  void finite(const std::string& key, const math::Vec3& value) const;
  /// Finite and >= 0.
  void non_negative(const std::string& key, double value) const;
  /// An index of one of `bodies` bodies.
  void body(const std::string& key, int body, std::size_t bodies) const;

 private:
  std::filesystem::path path_;
  long step_ = 0;
  double time_ = 0.0;
};

}  // namespace moreau::run

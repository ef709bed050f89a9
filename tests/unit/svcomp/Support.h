// What the tests of svcomp/ share: errors of a kind, and a folder of files for a task.
#pragma once

#include "core/Outcome.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace bpor::svcomp::testing {

inline ErrorInfo errorOf(ErrorKind kind, std::string message = "") {
  ErrorInfo error;
  error.kind = kind;
  error.message = std::move(message);
  return error;
}

/// A fixture with a folder of its own for the test's files, removed after it.
class TaskFolder : public ::testing::Test {
protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("bpor_svcomp_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  /// Writes `text` to the file `name` in the folder; returns its path.
  std::string write(const std::string &name, const std::string &text) {
    std::filesystem::path path = dir_ / name;
    std::ofstream(path) << text;
    return path.string();
  }

  std::filesystem::path dir_;
};

} // namespace bpor::svcomp::testing

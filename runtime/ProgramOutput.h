// What the program printed in the current execution (printf, puts: handlers/LibcOutput.cpp), and
// whether it went to stdout: ExecutionOptions::printOutput shows an execution's output once,
// when it has ended, unless the model is quiet (Model::setQuiet). A checkpoint copies the text;
// a restored execution's output has not been shown.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

namespace bpor::runtime {

class ProgramOutput {
public:
  const std::string &text() const { return text_; }
  void append(std::string_view text) { text_.append(text); }
  /// A restart (nothing printed yet) or a restore (`text` printed so far): not shown yet.
  void clear() {
    text_.clear();
    shown_ = false;
  }
  void restore(const std::string &text) {
    text_ = text;
    shown_ = false;
  }
  /// Quiet: nothing is shown; kept across restarts.
  void setQuiet(bool quiet) { quiet_ = quiet; }
  /// Whether show() would write anything.
  bool mayShow() const { return !quiet_ && !shown_; }
  void show() {
    shown_ = true;
    std::fwrite(text_.data(), 1, text_.size(), stdout);
  }

private:
  std::string text_;
  bool shown_ = false; // this execution's output went to stdout
  bool quiet_ = false;
};

} // namespace bpor::runtime

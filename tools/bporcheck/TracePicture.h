// What the pictures of a trace show (--trace-html, --trace-dot): a column per thread, the steps
// in order with their source lines, the synchronisation between the threads and which store
// each load read as edges between steps (TraceEdges.h), and the failing step. TraceHtml and TraceDot
// draw it; this file decides what is in it.
#pragma once

#include "core/Model.h"
#include "tools/bporcheck/TraceEdges.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace bpor::tool {

class SourceLines;

struct PictureThread {
  ThreadId id = 0;
  /// The function the thread started in ("main" for thread 0; a created thread's start
  /// routine, or std::thread's callable: TraceWords::threadName), or "" where the trace does
  /// not say.
  std::string startFunction;
};

struct PictureStep {
  size_t number = 0; // 1-based, as in the text trace
  ThreadId thread = 0;
  std::string text;  // as the text trace words it (describeStep)
  std::string where; // "prog.c:9:14", or ""
  std::string source; // the text of that source line, or "" where the file cannot be read
  /// The error arose in this step's transition (its operation, or the thread's local
  /// computation after it): see TracePicture::error.
  bool failing = false;
};

struct PictureError {
  std::string text;            // "assertion failure: assertion 'x == 1' failed"
  ThreadId thread = NoThread;  // NoThread: no single thread (the whole row)
  std::string where, source;   // where it arose, as for a step
  /// The step it arose in (PictureStep::failing), or 0: it is drawn as an entry of its own
  /// after the trace, in its thread's column.
  size_t step = 0;
};

struct TracePicture {
  std::string title; // the error, or what the trace is ("replay of s.sched: the program finished")
  std::string program;
  std::vector<PictureThread> threads; // every thread, by number
  /// The steps shown, in order. A repeating tail (TraceFolding.h) leaves out the rounds between
  /// its first and its last, as the text trace does: steps foldFrom..foldTo (1-based,
  /// inclusive), with foldNote to say so; foldFrom == 0 when nothing is left out.
  std::vector<PictureStep> steps;
  size_t foldFrom = 0, foldTo = 0;
  std::string foldNote;
  /// Only between steps shown.
  std::vector<PictureEdge> edges;
  std::optional<PictureError> error;
};

/// The picture of `trace`; `error` is the error it ends in, or null (a --replay that ended
/// well). `title` is used when there is no error.
TracePicture buildTracePicture(const Model &model, const std::vector<Operation> &trace,
                               const ErrorInfo *error, const std::string &title,
                               const std::string &program, SourceLines &sources);

/// Writes `text` to `path`; "" on success, else the problem ("cannot write PATH: REASON").
std::string writePictureFile(const std::string &path, const std::string &text);

} // namespace bpor::tool

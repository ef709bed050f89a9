#include "tools/bporcheck/SvcompHost.h"

#include "svcomp/Strategy.h"
#include "svcomp/WitnessValidation.h"
#include "tools/bporcheck/InputLoader.h"
#include "tools/bporcheck/ModelFactory.h"
#include "tools/bporcheck/NondetInputs.h"
#include "tools/bporcheck/Progress.h"
#include "tools/bporcheck/Report.h"

#include <iostream>
#include <memory>
#include <optional>

namespace bpor::tool {
namespace {

svcomp::TaskRequest taskRequest(const Options &options) {
  return {options.input, options.propertyFile, options.dataModel, options.clangArgs};
}

/// What svcomp/ reads of a model the command built.
svcomp::ProgramModel programModel(BuiltModel built) {
  svcomp::ProgramModel model;
  model.model = std::move(built.model);
  model.execution = built.execution;
  model.error = std::move(built.error);
  model.usesNondet = built.usesNondet;
  model.threadHandlesRead = built.threadHandlesRead;
  model.hasYields = built.hasYields;
  model.abstractedLoops = built.abstractedLoops;
  model.uninitializedUse = std::move(built.uninitializedUse);
  model.inputFunction = std::move(built.inputFunction);
  return model;
}

/// The command's Host: models compiled with its clang and limits, errors shown as the default
/// mode shows them, its progress line (started with the first search's first report).
class CommandHost {
public:
  explicit CommandHost(const Options &options) : options_(options) {
    host_.buildModel = [this](const svcomp::ModelRequest &request) { return build(request); };
    host_.showViolation = [this](Model &model, Execution &execution, ErrorReport &report) {
      std::vector<NondetValue> values =
          settleSymbolicTrace(execution, report, options_.search.maxDepth);
      std::cout << formatErrorReport(model, report);
      for (const std::string &input : describeNondetValues(model, values))
        std::cout << "nondet input: " << input << "\n";
      return values;
    };
    host_.describeDataGap = [](const Execution &execution, const CoverageGaps &gaps) {
      return dataCoverageGap(execution, gaps);
    };
    host_.progress = [this](const Statistics &stats) {
      if (!progress_)
        progress_.emplace(options_.progress);
      progress_->update(stats, std::nullopt);
    };
    host_.finishProgress = [this] {
      if (progress_)
        progress_->finish();
    };
  }
  CommandHost(const CommandHost &) = delete;
  CommandHost &operator=(const CommandHost &) = delete;

  const svcomp::Host &host() const { return host_; }

private:
  svcomp::ProgramModel build(const svcomp::ModelRequest &request) {
    LoadedInput loaded = loadInput(request.programFile,
                                   InputOptions{options_.clangPath, request.clangArgs}, context_);
    if (!loaded.module) {
      svcomp::ProgramModel failed;
      failed.error = loaded.error;
      return failed;
    }
    ModelConfig config = request; // the request's model settings
    config.stackLimit = options_.model.stackLimit;
    config.maxLocalBranches = options_.model.maxLocalBranches;
    config.mallocLimit = options_.model.mallocLimit;
    return programModel(buildModel(std::move(loaded.module), config));
  }

  const Options &options_;
  llvm::LLVMContext context_;
  std::optional<ProgressLine> progress_;
  svcomp::Host host_;
};

} // namespace

int runSvcompMode(const Options &options) {
  svcomp::Settings settings;
  settings.task = taskRequest(options);
  settings.search = options.search;
  settings.nondetValues = options.model.nondetValues;
  settings.nondetClasses = options.model.nondetClasses;
  settings.symbolicNondet = options.model.symbolicNondet;
  settings.printOutput = options.model.printOutput;
  // The one search SV-COMP mode lets the user choose (parseOptions): its complete search.
  if (options.explores("unfolding"))
    settings.unfolding = options.unfoldingOptions;
  settings.witness = options.witness;
  CommandHost host(options);
  return svcomp::runSvcomp(settings, host.host());
}

int runWitnessValidation(const Options &options) {
  CommandHost host(options);
  return svcomp::runWitnessValidation(taskRequest(options), options.validateWitness,
                                      host.host());
}

} // namespace bpor::tool

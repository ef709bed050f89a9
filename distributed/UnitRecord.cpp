#include "distributed/UnitRecord.h"

#include "checker/parallel/MergeResults.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>

namespace bpor::distributed {

namespace {

// The version counts the counters of Statistics (StatisticsCounters) the cost line holds; 3
// added the rounds and the asked branches.
constexpr const char *UnitRecordHeader = "bporcheck distributed checkpoint 3";

void writePathText(std::ostream &out, const SplitPath &path) {
  out << path.size();
  for (uint32_t step : path)
    out << ' ' << step;
  out << '\n';
}

bool readPathText(std::istream &in, SplitPath &path) {
  size_t size = 0;
  if (!(in >> size) || size > (1u << 20))
    return false;
  path.resize(size);
  for (uint32_t &step : path)
    if (!(in >> step))
      return false;
  return true;
}

} // namespace

void UnitRecord::finish(int rank, const Statistics &now) {
  if (open_[rank]) {
    finished_.push_back(*open_[rank]);
    Statistics spent = now;
    subtractStatistics(spent, atOpen_[rank]);
    addStatistics(cost_, spent);
  }
  open_[rank].reset();
  atOpen_[rank] = now;
}

Grant UnitRecord::claim(int rank, uint64_t unit, const Statistics &sofar) {
  std::lock_guard<std::mutex> guard(lock_);
  finish(rank, sofar);
  if (unit >= claimed_.size())
    claimed_.resize(unit + 1, false);
  uint64_t end = std::max<uint64_t>(total_, claimed_.size());
  if (end > claimed_.size())
    claimed_.resize(end, false);
  uint64_t free = unit;
  while (free < end && claimed_[free])
    ++free;
  if (free == end)
    return {Grant::Skip, free};
  claimed_[free] = true;
  ++claimedCount_;
  open_[rank] = free;
  return {free == unit ? Grant::Asked : Grant::Reserved, free};
}

bool ClaimCursor::claim(uint64_t unit, const std::function<std::optional<Grant>()> &ask) {
  if (reserved_ && unit < *reserved_)
    return false;
  if (reserved_ && unit == *reserved_) {
    reserved_.reset();
    askFrom_ = unit + 1;
    return true;
  }
  if (unit < askFrom_)
    return false;
  std::optional<Grant> grant = ask();
  if (!grant)
    return false;
  switch (grant->kind) {
  case Grant::Asked: askFrom_ = unit + 1; return true;
  case Grant::Reserved: reserved_ = grant->unit; return false;
  case Grant::Skip: askFrom_ = grant->unit; return false;
  }
  return false;
}

void UnitRecord::end(int rank, const Statistics &last, bool complete) {
  std::lock_guard<std::mutex> guard(lock_);
  if (complete)
    finish(rank, last);
  open_[rank].reset();
}

Statistics UnitRecord::finishedCost() const {
  std::lock_guard<std::mutex> guard(lock_);
  return cost_;
}

uint64_t UnitRecord::claimedUnits() const {
  std::lock_guard<std::mutex> guard(lock_);
  return claimedCount_;
}

uint64_t UnitRecord::finishedUnits() const {
  std::lock_guard<std::mutex> guard(lock_);
  return finished_.size();
}

void UnitRecord::addAsked(const std::set<SplitPath> &branches) {
  std::lock_guard<std::mutex> guard(lock_);
  asked_.insert(branches.begin(), branches.end());
}

std::set<SplitPath> UnitRecord::asked() const {
  std::lock_guard<std::mutex> guard(lock_);
  return asked_;
}

void UnitRecord::startRound(const SplitRounds &rounds) {
  std::lock_guard<std::mutex> guard(lock_);
  rounds_ = rounds;
  asked_.clear();
  claimed_.clear();
  claimedCount_ = 0;
  total_ = 0;
  finished_.clear();
  std::fill(open_.begin(), open_.end(), std::nullopt);
  std::fill(atOpen_.begin(), atOpen_.end(), Statistics{});
}

std::string UnitRecord::save(const std::string &path, const std::string &fingerprint,
                             size_t depth) const {
  std::ostringstream text;
  {
    std::lock_guard<std::mutex> guard(lock_);
    std::vector<uint64_t> units = finished_;
    std::sort(units.begin(), units.end());
    text << UnitRecordHeader << "\nfingerprint " << fingerprint << "\ndepth " << depth << "\ncost";
    for (uint64_t Statistics::*counter : StatisticsCounters)
      text << ' ' << cost_.*counter;
    text << "\nfinished " << units.size() << "\n";
    for (size_t i = 0; i < units.size(); ++i)
      text << units[i] << ((i + 1) % 16 == 0 || i + 1 == units.size() ? "\n" : " ");
    std::vector<std::pair<SplitPath, unsigned>> branches = rounds_.all();
    text << "round " << rounds_.current() << " branches " << branches.size() << "\n";
    for (const auto &[branch, round] : branches) {
      text << round << ' ';
      writePathText(text, branch);
    }
    text << "asked " << asked_.size() << "\n";
    for (const SplitPath &branch : asked_)
      writePathText(text, branch);
  }
  std::string temporary = path + ".writing";
  {
    std::ofstream out(temporary, std::ios::trunc);
    out << text.str();
    if (!out.flush())
      return "cannot write the checkpoint " + temporary;
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0)
    return "cannot rename " + temporary + " to " + path;
  return "";
}

std::string UnitRecord::load(const std::string &path, const std::string &fingerprint,
                             size_t &depth) {
  std::ifstream in(path);
  if (!in)
    return "cannot read the checkpoint " + path;
  std::string header, word, theirs;
  std::getline(in, header);
  if (header != UnitRecordHeader)
    return path + " is not a checkpoint of this version of bporcheck's distributed search";
  in >> word >> theirs;
  if (word != "fingerprint" || theirs != fingerprint)
    return path + " is a checkpoint of another program or other options";
  in >> word >> depth;
  if (word != "depth" || !depth)
    return path + " is damaged (no split depth)";
  std::lock_guard<std::mutex> guard(lock_);
  in >> word;
  for (uint64_t Statistics::*counter : StatisticsCounters)
    in >> cost_.*counter;
  uint64_t count = 0;
  in >> word >> count;
  if (!in || word != "finished")
    return path + " is damaged (no finished units)";
  for (uint64_t i = 0, unit; i < count && in >> unit; ++i) {
    finished_.push_back(unit);
    if (unit >= claimed_.size())
      claimed_.resize(unit + 1, false);
    claimedCount_ += !claimed_[unit];
    claimed_[unit] = true;
  }
  if (finished_.size() != count)
    return path + " is damaged (" + std::to_string(finished_.size()) + " of " +
           std::to_string(count) + " finished units)";
  unsigned round = 0;
  std::string also;
  in >> word >> round >> also >> count;
  if (!in || word != "round" || also != "branches")
    return path + " is damaged (no rounds)";
  std::vector<std::pair<SplitPath, unsigned>> branches(count);
  for (auto &[branch, added] : branches)
    if (!(in >> added) || !readPathText(in, branch) || added == 0 || added > round)
      return path + " is damaged (a branch of a round)";
  rounds_ = SplitRounds::from(branches, round);
  in >> word >> count;
  if (!in || word != "asked")
    return path + " is damaged (no asked branches)";
  for (uint64_t i = 0; i < count; ++i) {
    SplitPath branch;
    if (!readPathText(in, branch))
      return path + " is damaged (an asked branch)";
    asked_.insert(std::move(branch));
  }
  return "";
}

} // namespace bpor::distributed

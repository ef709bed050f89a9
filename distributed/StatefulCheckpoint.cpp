#include "distributed/StatefulCheckpoint.h"

#include "distributed/ResultWire.h"
#include "distributed/StateWire.h"

#include <cstdio>

namespace bpor::distributed {
namespace {

const char *const StatefulCheckpointHeader = "bporcheck stateful search checkpoint 1";

enum Entry : uint8_t { Stored = 1, Queued, Record, Cost, Section, KeyPart };

} // namespace

void saveSection(WireWriter &out) { out.u8(Section); }

void saveKeyPart(WireWriter &out, size_t position, std::string_view part) {
  out.u8(KeyPart);
  out.u64(position);
  out.text(std::string(part));
}

void saveStoredState(WireWriter &out, std::string_view state) {
  out.u8(Stored);
  out.text(std::string(state));
}

void saveQueuedState(WireWriter &out, uint64_t hash, const Schedule &path) {
  out.u8(Queued);
  out.u64(hash);
  writeSchedule(out, path);
}

void saveRecord(WireWriter &out, const RecordedStates &records, size_t i) {
  out.u8(Record);
  writeRecordedState(out, records, i);
}

StatefulCheckpointWriter::StatefulCheckpointWriter(const std::string &path,
                                                   const std::string &fingerprint,
                                                   StateStorage storage)
    : path_(path), temporary_(path + ".writing"),
      out_(temporary_, std::ios::binary | std::ios::trunc) {
  out_ << StatefulCheckpointHeader << "\nfingerprint " << fingerprint << "\nstorage " << unsigned(storage) << "\n";
}

void StatefulCheckpointWriter::chunk(const std::vector<uint8_t> &entries) {
  WireWriter length;
  length.u64(entries.size());
  std::vector<uint8_t> bytes = length.take();
  out_.write(reinterpret_cast<const char *>(bytes.data()), std::streamsize(bytes.size()));
  out_.write(reinterpret_cast<const char *>(entries.data()), std::streamsize(entries.size()));
}

std::string StatefulCheckpointWriter::commit(const Statistics &cost,
                                             const std::string &incompleteReason) {
  WireWriter last;
  last.u8(Cost);
  writeStatistics(last, cost);
  last.text(incompleteReason);
  chunk(last.take());
  out_.close();
  if (!out_)
    return "cannot write the checkpoint " + temporary_;
  if (std::rename(temporary_.c_str(), path_.c_str()) != 0)
    return "cannot rename " + temporary_ + " to " + path_;
  return "";
}

void StatefulCheckpointWriter::discard() {
  out_.close();
  std::remove(temporary_.c_str());
}

std::string StatefulCheckpointReader::read(const std::string &path,
                                           const std::string &fingerprint,
                                           StateStorage storage) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return "cannot read the checkpoint " + path;
  std::string header, word, theirs;
  unsigned theirStorage = 0;
  std::getline(in, header);
  if (header != StatefulCheckpointHeader)
    return path + " is not a checkpoint of this version of bporcheck's stateful search over "
                  "processes";
  in >> word >> theirs;
  if (word != "fingerprint" || theirs != fingerprint)
    return path + " is a checkpoint of another program or other options";
  in >> word >> theirStorage;
  if (word != "storage" || in.get() != '\n')
    return path + " is damaged (no storage)";
  if (theirStorage != unsigned(storage))
    return path + " is a checkpoint of another program or other options";
  std::vector<uint8_t> bytes;
  KeyParts parts; // the current section's
  try {
    for (;;) {
      uint8_t length[8];
      if (!in.read(reinterpret_cast<char *>(length), sizeof length))
        return path + " is damaged (it ends before its last part: was its run killed while "
                      "writing it?)";
      std::vector<uint8_t> lengthBytes(length, length + 8);
      uint64_t size = WireReader(lengthBytes).u64();
      bytes.resize(size);
      if (!in.read(reinterpret_cast<char *>(bytes.data()), std::streamsize(size)))
        return path + " is damaged (a part ends early)";
      WireReader entries(bytes);
      while (!entries.done()) {
        switch (entries.u8()) {
        case Section: parts = KeyParts(); break;
        case KeyPart: {
          size_t position = entries.u64();
          parts.add(position, entries.text());
          break;
        }
        case Stored: {
          std::string state = entries.text();
          stored(storage == StateStorage::Exact ? parts.expand(state) : std::string_view(state));
          break;
        }
        case Queued: {
          uint64_t hash = entries.u64();
          queued(hash, readSchedule(entries));
          break;
        }
        case Record: readRecordedState(entries, *records); break;
        case Cost:
          cost = readStatistics(entries);
          incompleteReason = entries.text();
          return "";
        default: return path + " is damaged (an entry of an unknown kind)";
        }
      }
    }
  } catch (const std::runtime_error &) { // an entry cut short, a key part not there
    return path + " is damaged (an entry ends early or names a key part it does not hold)";
  }
}

} // namespace bpor::distributed

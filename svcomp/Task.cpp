#include "svcomp/Task.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <cctype>
#include <fmt/format.h>

namespace bpor::svcomp {

const YamlNode *YamlNode::find(const std::string &key) const {
  for (size_t k = 0; k < keys.size(); ++k)
    if (keys[k] == key)
      return &values[k];
  return nullptr;
}

namespace {

struct Line {
  size_t number; // 1-based, for messages
  size_t indent;
  std::string text; // without indentation and comment
};

// Drops a comment: '#' at the start or after a blank, outside quotes.
std::string stripComment(const std::string &line) {
  char quote = 0;
  for (size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (quote) {
      if (c == quote)
        quote = 0;
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '#' && (i == 0 || line[i - 1] == ' ' || line[i - 1] == '\t')) {
      return line.substr(0, i);
    }
  }
  return line;
}

class Parser {
public:
  explicit Parser(std::vector<Line> lines) : lines(std::move(lines)) {}

  std::optional<YamlNode> document(std::string &error) {
    YamlNode root;
    root.kind = YamlNode::Kind::Mapping;
    if (!lines.empty() && !block(lines[0].indent, root))
      return fail(error);
    if (pos != lines.size() && message.empty())
      message = fmt::format("line {}: unexpected indentation", lines[pos].number);
    if (!message.empty())
      return fail(error);
    return root;
  }

private:
  std::optional<YamlNode> fail(std::string &error) {
    error = message.empty() ? "invalid YAML" : message;
    return std::nullopt;
  }

  bool problem(const Line &line, const std::string &what) {
    if (message.empty())
      message = fmt::format("line {}: {}", line.number, what);
    return false;
  }

  static bool isItem(const std::string &text) { return text == "-" || text.starts_with("- "); }

  // The block that starts at lines[pos], at exactly `indent`.
  bool block(size_t indent, YamlNode &out) {
    if (isItem(lines[pos].text))
      return sequence(indent, out);
    return mapping(indent, out);
  }

  bool sequence(size_t indent, YamlNode &out) {
    out.kind = YamlNode::Kind::Sequence;
    while (pos < lines.size() && lines[pos].indent == indent && isItem(lines[pos].text)) {
      Line &line = lines[pos];
      std::string rest = line.text.size() > 1 ? line.text.substr(2) : "";
      size_t skip = rest.find_first_not_of(' ');
      YamlNode item;
      if (skip == std::string::npos) { // "-" alone: the item is the block below
        ++pos;
        if (pos < lines.size() && lines[pos].indent > indent) {
          if (!block(lines[pos].indent, item))
            return false;
        }
      } else if (splitKey(rest.substr(skip))) {
        // "- key: value": a mapping whose entries line up with `key`.
        line.indent = indent + 2 + skip;
        line.text = rest.substr(skip);
        if (!mapping(line.indent, item))
          return false;
      } else {
        if (!scalarOrFlow(line, rest.substr(skip), item))
          return false;
        ++pos;
      }
      out.items.push_back(std::move(item));
    }
    return true;
  }

  // "key: value" or "key:" → (key, value); nullopt if the text is not a mapping entry.
  static std::optional<std::pair<std::string, std::string>> splitKey(const std::string &text) {
    if (text.empty() || text[0] == '[' || text[0] == '{')
      return std::nullopt;
    size_t start = 0, end;
    std::string key;
    if (text[0] == '\'' || text[0] == '"') {
      end = text.find(text[0], 1);
      if (end == std::string::npos)
        return std::nullopt;
      key = text.substr(1, end - 1);
      start = end + 1;
      if (start >= text.size() || text[start] != ':')
        return std::nullopt;
      end = start;
    } else {
      end = text.find(": ");
      if (end == std::string::npos) {
        if (!text.ends_with(":"))
          return std::nullopt;
        end = text.size() - 1;
      }
      key = llvm::StringRef(text.substr(0, end)).trim().str();
    }
    std::string value = llvm::StringRef(text.substr(end + 1)).trim().str();
    return std::make_pair(key, value);
  }

  bool mapping(size_t indent, YamlNode &out) {
    out.kind = YamlNode::Kind::Mapping;
    while (pos < lines.size() && lines[pos].indent == indent && !isItem(lines[pos].text)) {
      const Line &line = lines[pos];
      auto entry = splitKey(line.text);
      if (!entry)
        return problem(line, fmt::format("expected 'key: value', found '{}'", line.text));
      if (out.find(entry->first))
        return problem(line, fmt::format("duplicate key '{}'", entry->first));
      YamlNode value;
      if (entry->second.empty()) {
        ++pos;
        // The value is the block below: deeper, or a sequence at the key's own indentation.
        if (pos < lines.size() && (lines[pos].indent > indent ||
                                   (lines[pos].indent == indent && isItem(lines[pos].text)))) {
          if (!block(lines[pos].indent, value))
            return false;
        }
      } else {
        if (!scalarOrFlow(line, entry->second, value))
          return false;
        ++pos;
      }
      out.keys.push_back(entry->first);
      out.values.push_back(std::move(value));
    }
    return true;
  }

  bool scalarOrFlow(const Line &line, const std::string &text, YamlNode &out) {
    if (text[0] == '{' || text[0] == '|' || text[0] == '>' || text[0] == '&' || text[0] == '*')
      return problem(line, fmt::format("unsupported YAML construct '{}'", text));
    if (text[0] != '[')
      return scalar(line, text, out.scalar);
    if (text.back() != ']')
      return problem(line, "a flow sequence must end on its line with ']'");
    out.kind = YamlNode::Kind::Sequence;
    std::string inner = llvm::StringRef(text).drop_front().drop_back().trim().str();
    if (inner.empty())
      return true;
    // Split at commas outside quotes.
    std::vector<std::string> parts(1);
    char quote = 0;
    for (char c : inner) {
      if (quote) {
        if (c == quote)
          quote = 0;
      } else if (c == '\'' || c == '"') {
        quote = c;
      } else if (c == ',') {
        parts.emplace_back();
        continue;
      } else if (c == '[' || c == '{') {
        return problem(line, "nested flow collections are not supported");
      }
      parts.back().push_back(c);
    }
    for (const std::string &part : parts) {
      YamlNode item;
      std::string trimmed = llvm::StringRef(part).trim().str();
      if (trimmed.empty() || !scalar(line, trimmed, item.scalar))
        return problem(line, "empty item in a flow sequence");
      out.items.push_back(std::move(item));
    }
    return true;
  }

  bool scalar(const Line &line, const std::string &text, std::string &out) {
    char q = text[0];
    if (q != '\'' && q != '"') {
      out = text;
      return true;
    }
    if (text.size() < 2 || text.back() != q)
      return problem(line, fmt::format("unterminated quoted scalar {}", text));
    out.clear();
    for (size_t i = 1; i + 1 < text.size(); ++i) {
      char c = text[i];
      if (q == '\'' && c == '\'' && text[i + 1] == '\'') { // '' is one quote
        out.push_back('\'');
        ++i;
      } else if (q == '"' && c == '\\' && i + 2 < text.size()) {
        char e = text[++i];
        out.push_back(e == 'n' ? '\n' : e == 't' ? '\t' : e);
      } else {
        out.push_back(c);
      }
    }
    return true;
  }

  std::vector<Line> lines;
  size_t pos = 0;
  std::string message;
};

std::optional<std::string> readFile(const std::string &path, std::string &error) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer) {
    error = fmt::format("{}: {}", path, buffer.getError().message());
    return std::nullopt;
  }
  return (*buffer)->getBuffer().str();
}

std::string resolve(const std::string &taskPath, const std::string &file) {
  if (llvm::sys::path::is_absolute(file))
    return file;
  llvm::SmallString<256> full(llvm::sys::path::parent_path(taskPath));
  llvm::sys::path::append(full, file);
  return std::string(full);
}

} // namespace

std::optional<YamlNode> parseYaml(const std::string &text, std::string &error) {
  std::vector<Line> lines;
  llvm::SmallVector<llvm::StringRef> raw;
  llvm::StringRef(text).split(raw, '\n');
  for (size_t i = 0; i < raw.size(); ++i) {
    std::string content = stripComment(raw[i].rtrim("\r").str());
    if (content.find('\t') != std::string::npos &&
        content.find_first_not_of(" \t") > content.find('\t')) {
      error = fmt::format("line {}: tabs are not allowed in YAML indentation", i + 1);
      return std::nullopt;
    }
    size_t indent = content.find_first_not_of(' ');
    if (indent == std::string::npos)
      continue;
    std::string body = llvm::StringRef(content).substr(indent).rtrim().str();
    if (body == "---" || body == "...")
      continue;
    lines.push_back(Line{i + 1, indent, body});
  }
  return Parser(std::move(lines)).document(error);
}

std::optional<TaskDefinition> loadTaskDefinition(const std::string &path, std::string &error) {
  std::optional<std::string> text = readFile(path, error);
  if (!text)
    return std::nullopt;
  std::string yamlError;
  std::optional<YamlNode> root = parseYaml(*text, yamlError);
  if (!root) {
    error = fmt::format("{}: {}", path, yamlError);
    return std::nullopt;
  }
  auto bad = [&](const std::string &what) {
    error = fmt::format("{}: {}", path, what);
    return std::nullopt;
  };
  const YamlNode *version = root->find("format_version");
  if (!version || version->kind != YamlNode::Kind::Scalar)
    return bad("no format_version (a task definition has format_version: '2.0')");
  if (version->scalar != "2.0")
    return bad(
        fmt::format("task definition format {} is not supported (only 2.0)", version->scalar));
  TaskDefinition task;
  const YamlNode *inputs = root->find("input_files");
  if (!inputs)
    return bad("no input_files");
  if (inputs->kind == YamlNode::Kind::Scalar)
    task.inputFiles.push_back(resolve(path, inputs->scalar));
  else if (inputs->kind == YamlNode::Kind::Sequence)
    for (const YamlNode &item : inputs->items) {
      if (item.kind != YamlNode::Kind::Scalar)
        return bad("input_files must list file names");
      task.inputFiles.push_back(resolve(path, item.scalar));
    }
  else
    return bad("input_files must be a file name or a list of them");
  if (task.inputFiles.empty())
    return bad("input_files is empty");
  if (const YamlNode *properties = root->find("properties")) {
    if (properties->kind != YamlNode::Kind::Sequence)
      return bad("properties must be a list");
    for (const YamlNode &item : properties->items) {
      const YamlNode *file = item.find("property_file");
      if (item.kind != YamlNode::Kind::Mapping || !file || file->kind != YamlNode::Kind::Scalar)
        return bad("each property needs a property_file");
      TaskProperty property;
      property.propertyFile = resolve(path, file->scalar);
      if (const YamlNode *verdict = item.find("expected_verdict"))
        property.expectedVerdict = verdict->scalar;
      if (const YamlNode *sub = item.find("subproperty"))
        property.subproperty = sub->scalar;
      task.properties.push_back(std::move(property));
    }
  }
  if (const YamlNode *options = root->find("options")) {
    if (const YamlNode *language = options->find("language"))
      task.language = language->scalar;
    if (const YamlNode *model = options->find("data_model"))
      task.dataModel = model->scalar;
  }
  return task;
}

std::optional<Property> parseProperty(const std::string &text, std::string &error) {
  // Whitespace carries no meaning in the formulas: compare them without it.
  std::string compact;
  for (char c : text)
    if (!std::isspace(static_cast<unsigned char>(c)))
      compact.push_back(c);
  if (compact.empty()) {
    error = "the property file is empty";
    return std::nullopt;
  }
  Property property;
  std::vector<std::string> formulas;
  llvm::StringRef rest(compact);
  while (!rest.empty()) {
    // CHECK(init(F()),LTL(FORMULA))
    if (!rest.consume_front("CHECK(init(")) {
      error = fmt::format("expected CHECK( init(...), LTL(...) ), found '{}'",
                          rest.take_front(40).str());
      return std::nullopt;
    }
    size_t close = rest.find("()),LTL(");
    if (close == llvm::StringRef::npos) {
      error = "expected CHECK( init(FUNCTION()), LTL(...) )";
      return std::nullopt;
    }
    std::string entry = rest.take_front(close).str();
    if (!property.entry.empty() && property.entry != entry) {
      error = "the CHECKs of one property file name different entry functions";
      return std::nullopt;
    }
    property.entry = entry;
    rest = rest.drop_front(close + 8);
    // The formula may itself end in ')': take the last "))" before the next CHECK.
    size_t next = rest.find("CHECK(");
    llvm::StringRef check = next == llvm::StringRef::npos ? rest : rest.take_front(next);
    size_t end = check.rfind("))");
    if (end == llvm::StringRef::npos) {
      error = "unbalanced parentheses in CHECK";
      return std::nullopt;
    }
    formulas.push_back(check.take_front(end).str());
    rest = rest.drop_front(check.size());
  }
  auto callOf = [](llvm::StringRef formula) -> std::optional<std::string> {
    // G!call(F())
    if (!formula.consume_front("G!call(") || !formula.consume_back("())"))
      return std::nullopt;
    return formula.str();
  };
  if (formulas.size() == 1) {
    const std::string &f = formulas[0];
    if (auto function = callOf(f)) {
      property.name = "unreach-call";
      property.errorFunction = *function;
    } else if (f == "G!data-race") {
      property.name = "no-data-race";
    } else if (f == "G!overflow") {
      property.name = "no-overflow";
    } else if (f == "Fend") {
      property.name = "termination";
    } else if (f == "Gvalid-memcleanup") {
      property.name = "valid-memcleanup";
    } else if (f == "Gvalid-free" || f == "Gvalid-deref" || f == "Gvalid-memtrack") {
      property.name = "valid-memsafety";
      property.parts.push_back(f.substr(1));
    }
  } else {
    bool allMemory = true;
    for (const std::string &f : formulas) {
      if (f == "Gvalid-free" || f == "Gvalid-deref" || f == "Gvalid-memtrack")
        property.parts.push_back(f.substr(1));
      else
        allMemory = false;
    }
    if (allMemory)
      property.name = "valid-memsafety";
    else
      property.parts.clear();
  }
  if (property.name.empty()) {
    error = fmt::format("unknown property formula '{}'", formulas[0]);
    return std::nullopt;
  }
  return property;
}

std::optional<Property> loadProperty(const std::string &path, std::string &error) {
  std::optional<std::string> text = readFile(path, error);
  if (!text)
    return std::nullopt;
  std::string parseError;
  std::optional<Property> property = parseProperty(*text, parseError);
  if (!property)
    error = fmt::format("{}: {}", path, parseError);
  return property;
}

} // namespace bpor::svcomp

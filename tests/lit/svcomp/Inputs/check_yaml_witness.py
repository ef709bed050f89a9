#!/usr/bin/env python3
"""check_yaml_witness.py WITNESS.yml: checks a witness against the rules of SV-COMP's YAML
witness format 2.x that bporcheck's witnesses must follow; prints each violated rule and exits 1
if there is one, else prints "format ok" and exits 0.

The rules, from the format's schemas (sv-witnesses: violation witnesses 2.0 with the
concurrency extension of 2.2, correctness witnesses 2.0):
- the document is a sequence of entries, each a mapping of entry_type, metadata and content;
- entry_type is violation_sequence or invariant_set (the only ones bporcheck writes);
- metadata: format_version ("2.0", or "2.2" for a violation sequence with thread_id), uuid (RFC
  4122), creation_time (ISO 8601 date-time), producer (name, version), task (input_files, a
  non-empty list; input_file_hashes, a SHA-256 for each input file; specification; data_model
  ILP32 or LP64; language C);
- a violation sequence's content is a non-empty list of segments; each segment a non-empty list
  of waypoints, zero or more with action avoid and exactly one with action follow, last; the
  final segment's follow waypoint, and only it, has type target;
- a waypoint: type one of assumption, target, function_enter, function_return, branching;
  location with file_name (one of the input files) and a positive line (column, if present,
  positive); assumption and function_return have a constraint (value, format c_expression or
  acsl_expression), branching one whose value is true or false; target and function_enter
  none; thread_id, where present (2.2 only), a non-negative integer;
- an invariant set's content is a list of invariants (may be empty).
"""
import re
import sys

import yaml

UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$")
DATE_TIME = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$")
SHA256 = re.compile(r"^[0-9a-f]{64}$")
WAYPOINT_TYPES = {"assumption", "target", "function_enter", "function_return", "branching"}

problems = []


def problem(text):
    problems.append(text)


def check_metadata(metadata, entry_type):
    if not isinstance(metadata, dict):
        problem("metadata is not a mapping")
        return []
    version = metadata.get("format_version")
    allowed = {"2.0", "2.2"} if entry_type == "violation_sequence" else {"2.0"}
    if version not in allowed:
        problem(f"format_version {version!r} is not one of {sorted(allowed)}")
    if not isinstance(metadata.get("uuid"), str) or not UUID.match(metadata["uuid"]):
        problem(f"uuid {metadata.get('uuid')!r} is not an RFC 4122 UUID")
    if not isinstance(metadata.get("creation_time"), str) or not DATE_TIME.match(
            metadata["creation_time"]):
        problem(f"creation_time {metadata.get('creation_time')!r} is not an ISO 8601 date-time")
    producer = metadata.get("producer")
    if not isinstance(producer, dict) or not producer.get("name") or not producer.get("version"):
        problem("producer lacks its name or version")
    task = metadata.get("task")
    if not isinstance(task, dict):
        problem("task is not a mapping")
        return []
    files = task.get("input_files")
    if not isinstance(files, list) or not files:
        problem("input_files is not a non-empty list")
        files = []
    hashes = task.get("input_file_hashes") or {}
    for name in files:
        if not isinstance(hashes.get(name), str) or not SHA256.match(hashes[name]):
            problem(f"input file {name} has no SHA-256 hash")
    if not task.get("specification"):
        problem("task has no specification")
    if task.get("data_model") not in ("ILP32", "LP64"):
        problem(f"data_model {task.get('data_model')!r} is not ILP32 or LP64")
    if task.get("language") != "C":
        problem(f"language {task.get('language')!r} is not C")
    return files


def check_waypoint(waypoint, files, where, version):
    kind = waypoint.get("type")
    if kind not in WAYPOINT_TYPES:
        problem(f"{where}: type {kind!r} is not a waypoint type")
    if waypoint.get("action") not in ("follow", "avoid"):
        problem(f"{where}: action {waypoint.get('action')!r} is not follow or avoid")
    location = waypoint.get("location")
    if not isinstance(location, dict):
        problem(f"{where}: no location")
    else:
        if location.get("file_name") not in files:
            problem(f"{where}: file_name {location.get('file_name')!r} is not an input file")
        if not isinstance(location.get("line"), int) or location["line"] < 1:
            problem(f"{where}: line {location.get('line')!r} is not a positive integer")
        if "column" in location and (not isinstance(location["column"], int)
                                     or location["column"] < 1):
            problem(f"{where}: column {location['column']!r} is not a positive integer")
    constraint = waypoint.get("constraint")
    if kind in ("assumption", "function_return", "branching"):
        if not isinstance(constraint, dict) or "value" not in constraint:
            problem(f"{where}: a {kind} waypoint needs a constraint with a value")
        elif kind == "branching" and str(constraint["value"]) not in ("true", "false"):
            problem(f"{where}: a branching constraint is true or false")
        elif kind != "branching" and constraint.get("format") not in ("c_expression",
                                                                         "acsl_expression"):
            problem(f"{where}: constraint format {constraint.get('format')!r}")
    elif constraint is not None:
        problem(f"{where}: a {kind} waypoint has no constraint")
    if "thread_id" in waypoint:
        if version != "2.2":
            problem(f"{where}: thread_id needs format_version 2.2")
        if not isinstance(waypoint["thread_id"], int) or waypoint["thread_id"] < 0:
            problem(f"{where}: thread_id {waypoint['thread_id']!r} is not a non-negative integer")


def check_violation(content, files, version):
    if not isinstance(content, list) or not content:
        problem("a violation sequence's content is not a non-empty list of segments")
        return
    for index, item in enumerate(content, 1):
        segment = item.get("segment") if isinstance(item, dict) else None
        if not isinstance(segment, list) or not segment:
            problem(f"segment {index}: not a non-empty list of waypoints")
            continue
        actions = []
        for number, wrapper in enumerate(segment, 1):
            waypoint = wrapper.get("waypoint") if isinstance(wrapper, dict) else None
            where = f"segment {index}, waypoint {number}"
            if not isinstance(waypoint, dict):
                problem(f"{where}: not a waypoint")
                continue
            check_waypoint(waypoint, files, where, version)
            actions.append((waypoint.get("action"), waypoint.get("type")))
        if [a for a, _ in actions].count("follow") != 1 or actions[-1][0] != "follow":
            problem(f"segment {index}: not avoid waypoints then exactly one follow waypoint")
        last = index == len(content)
        targets = [t for _, t in actions if t == "target"]
        if last and actions and actions[-1][1] != "target":
            problem(f"segment {index}: the final segment does not end with a target")
        if not last and targets:
            problem(f"segment {index}: a target before the final segment")


def main(path):
    try:
        with open(path) as f:
            document = yaml.safe_load(f)
    except yaml.YAMLError as e:
        print(f"not well-formed YAML: {e}")
        return 1
    if not isinstance(document, list) or not document:
        print("the document is not a non-empty sequence of entries")
        return 1
    for entry in document:
        if not isinstance(entry, dict) or set(entry) != {"entry_type", "metadata", "content"}:
            problem("an entry is not a mapping of entry_type, metadata and content")
            continue
        kind = entry["entry_type"]
        if kind not in ("violation_sequence", "invariant_set"):
            problem(f"entry_type {kind!r}")
            continue
        files = check_metadata(entry["metadata"], kind)
        version = (entry["metadata"] or {}).get("format_version")
        if kind == "violation_sequence":
            check_violation(entry["content"], files, version)
        elif not isinstance(entry["content"], list):
            problem("an invariant set's content is not a list")
    for text in problems:
        print(text)
    if problems:
        return 1
    print("format ok")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))

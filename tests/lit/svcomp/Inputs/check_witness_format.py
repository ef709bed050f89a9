#!/usr/bin/env python3
"""check_witness_format.py WITNESS.graphml: checks a witness against the rules of the SV-COMP
witness format 1.0 (GraphML) that bporcheck's witnesses must follow; prints each violated rule
and exits 1 if there is one, else prints "format ok" and exits 0.

The rules, from the format's specification (sv-witnesses, "Witness Format" 1.0):
- a well-formed GraphML document: root graphml, one graph with edgedefault="directed";
- every data key used is declared by a <key> element for its domain (graph, node, edge);
- the graph data: witness-type (violation_witness or correctness_witness), sourcecodelang,
  producer, specification, programfile, programhash (SHA-256, 64 hex digits), architecture
  (32bit or 64bit) and creationtime (ISO 8601);
- exactly one entry node (isEntryNode true);
- node ids unique; every edge's source and target is a node;
- a violation witness has a violation node (isViolationNode true), reachable from the entry;
  a correctness witness has none;
- startline is a positive integer; an assumption is a sequence of C expressions each ended by
  ';'; assumption.resultfunction appears only with an assumption about \\result;
- threadId and createThread, where present, are non-empty; a thread created by createThread is
  not used by an edge before the edge that creates it.
"""
import re
import sys
import xml.etree.ElementTree as ET

NS = "{http://graphml.graphdrawing.org/xmlns}"
REQUIRED_GRAPH_DATA = ["witness-type", "sourcecodelang", "producer", "specification",
                       "programfile", "programhash", "architecture", "creationtime"]

problems = []


def problem(text):
    problems.append(text)


def main(path):
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as e:
        print(f"not well-formed XML: {e}")
        return 1
    if root.tag != NS + "graphml":
        problem(f"root element is {root.tag}, not graphml")
    keys = {}
    for key in root.findall(NS + "key"):
        keys[key.get("id")] = key.get("for")
    graphs = root.findall(NS + "graph")
    if len(graphs) != 1:
        problem(f"{len(graphs)} graph elements, not one")
        return report()
    graph = graphs[0]
    if graph.get("edgedefault") != "directed":
        problem("the graph is not directed")

    def data_of(element, domain):
        found = {}
        for data in element.findall(NS + "data"):
            key = data.get("key")
            if keys.get(key) not in (domain, "all"):
                problem(f"data key {key} on a {domain} is not declared for {domain}s")
            found[key] = (data.text or "").strip()
        return found

    graph_data = data_of(graph, "graph")
    for key in REQUIRED_GRAPH_DATA:
        if not graph_data.get(key):
            problem(f"graph data {key} missing or empty")
    kind = graph_data.get("witness-type")
    if kind not in ("violation_witness", "correctness_witness"):
        problem(f"witness-type {kind!r}")
    if not re.fullmatch(r"[0-9a-f]{64}", graph_data.get("programhash", "")):
        problem("programhash is not a SHA-256 hex digest")
    if graph_data.get("architecture") not in ("32bit", "64bit"):
        problem(f"architecture {graph_data.get('architecture')!r}")
    if not re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(Z|[+-]\d\d:\d\d)?",
                        graph_data.get("creationtime", "")):
        problem("creationtime is not ISO 8601")

    nodes = {}
    for node in graph.findall(NS + "node"):
        node_id = node.get("id")
        if node_id in nodes:
            problem(f"node id {node_id} twice")
        nodes[node_id] = data_of(node, "node")
    entries = [n for n, d in nodes.items() if d.get("entry") == "true"]
    if len(entries) != 1:
        problem(f"{len(entries)} entry nodes, not one")
    violations = {n for n, d in nodes.items() if d.get("violation") == "true"}
    if kind == "violation_witness" and not violations:
        problem("a violation witness without a violation node")
    if kind == "correctness_witness" and violations:
        problem("a correctness witness with a violation node")

    successors = {}
    created = set()
    used_threads = []
    for edge in graph.findall(NS + "edge"):
        source, target = edge.get("source"), edge.get("target")
        for end in (source, target):
            if end not in nodes:
                problem(f"edge {source} -> {target}: node {end} does not exist")
        successors.setdefault(source, []).append(target)
        data = data_of(edge, "edge")
        if "startline" in data and not re.fullmatch(r"[1-9]\d*", data["startline"]):
            problem(f"edge {source} -> {target}: startline {data['startline']!r}")
        if "assumption" in data:
            parts = [p.strip() for p in data["assumption"].split(";")]
            if parts[-1] != "" or any(p == "" for p in parts[:-1]):
                problem(f"edge {source} -> {target}: assumption {data['assumption']!r} is "
                        "not a sequence of expressions each ended by ';'")
        if "assumption.resultfunction" in data and "\\result" not in data.get("assumption", ""):
            problem(f"edge {source} -> {target}: assumption.resultfunction without an "
                    "assumption about \\result")
        for key in ("threadId", "createThread"):
            if key in data and not data[key]:
                problem(f"edge {source} -> {target}: empty {key}")
        thread = data.get("threadId")
        if thread is not None:
            used_threads.append((source, target, thread, set(created)))
        if "createThread" in data:
            created.add(data["createThread"])
    # Threads: the first one named is main; any other must have been created before its use.
    first = used_threads[0][2] if used_threads else None
    for source, target, thread, created_before in used_threads:
        if thread != first and thread not in created_before:
            problem(f"edge {source} -> {target}: thread {thread} used before an edge creates it")

    if violations and entries:
        seen, todo = set(), [entries[0]]
        while todo:
            n = todo.pop()
            if n in seen:
                continue
            seen.add(n)
            todo.extend(successors.get(n, []))
        if not (seen & violations):
            problem("no violation node is reachable from the entry")
    return report()


def report():
    for p in problems:
        print(p)
    if problems:
        return 1
    print("format ok")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))

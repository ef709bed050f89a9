# lit configuration for bporcheck's IR and C-program tests.
import os
import shutil
import lit.formats

config.name = "bporcheck"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c", ".cpp", ".ll", ".test"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
data_model = lit_config.params.get("data_model", os.environ.get("BPOR_DATA_MODEL", "LP64"))
# Each data model's run keeps its temporary files apart, so that both can run at once.
config.test_exec_root = os.path.join(config.bpor_obj_root, "tests",
                                     "lit" if data_model == "LP64" else "lit-" + data_model.lower())

tools = config.llvm_tools_dir
bporcheck = os.path.join(config.bpor_obj_root, "tools", "bporcheck", "bporcheck")
plugin = os.path.join(config.bpor_obj_root, "passes", "BporPasses.so")

# BPOR_DATA_MODEL=ILP32 runs the C programs as 32-bit programs (clang -m32): both data models
# must give the same verdicts. Tests that depend on the data model say "UNSUPPORTED: ilp32" or
# "REQUIRES: ilp32".
if data_model == "ILP32":
    config.available_features.add("ilp32")
    config.substitutions.append(("%bporcheck", bporcheck + " -m32"))
else:
    config.available_features.add("lp64")
    config.substitutions.append(("%bporcheck", bporcheck))
config.substitutions.append(("%clangxx", config.bpor_clang + "++"))
config.substitutions.append(("%clang", config.bpor_clang))
config.substitutions.append(("%opt", config.bpor_opt))
config.substitutions.append(("%plugin", plugin))
config.substitutions.append(("%FileCheck", os.path.join(tools, "FileCheck")))
config.substitutions.append(("%not", os.path.join(tools, "not")))
config.substitutions.append(
    ("%expect-exit", "python3 " + os.path.join(config.test_source_root, "Inputs", "expect_exit.py")))
config.substitutions.append(
    ("%check-yaml-witness", "python3 " + os.path.join(config.test_source_root, "svcomp", "Inputs",
                                                       "check_yaml_witness.py")))
config.substitutions.append(
    ("%check-witness", "python3 " + os.path.join(config.test_source_root, "svcomp", "Inputs",
                                                 "check_witness_format.py")))
config.environment["PATH"] = os.pathsep.join([tools, config.environment.get("PATH", "")])

if os.path.exists(bporcheck):
    config.available_features.add("bporcheck")
if os.path.exists(plugin) and not getattr(config, "bpor_sanitized", False):
    config.available_features.add("plugin")
# A sanitized build runs several times slower and needs more memory: tests whose verdict needs
# a search to finish within a share of SV-COMP mode's time limit or below a memory limit do not
# hold there.
if getattr(config, "bpor_sanitized", False):
    config.available_features.add("sanitized")
if os.environ.get("BPOR_SLOW_TESTS") == "1":
    config.available_features.add("slow")
# The pictures of a trace: a headless browser loads the --trace-html page
# (usage/trace_html_browser.test) and Graphviz reads the --trace-dot graph
# (usage/trace_dot_graphviz.test); scripts/install-deps.sh installs both.
if shutil.which("chromium"):
    config.available_features.add("chromium")
if shutil.which("dot"):
    config.available_features.add("graphviz")
# The distributed search (tests/lit/distributed/): Open MPI's mpirun and bporcheck's MPI plugin.
# Ranks may outnumber the cores, and CI runs as root, which mpirun refuses unless told.
mpi_plugin = os.path.join(config.bpor_obj_root, "distributed", "libbpor_mpi.so")
if shutil.which("mpirun") and os.path.exists(mpi_plugin):
    config.available_features.add("mpi")
    for name in ("OMPI_ALLOW_RUN_AS_ROOT", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM"):
        config.environment[name] = "1"
    config.environment["OMPI_MCA_rmaps_base_oversubscribe"] = "1"
config.substitutions.append(("%mpirun", "mpirun"))

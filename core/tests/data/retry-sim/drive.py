# Runs one of retry_sim.py's own functions: the file's text, less its last
# call (run_sims_retry_serial(10.0)), then the function named on the
# command line with max_t 10.0, as that call passes it.
import sys
src = open("retry_sim.py").read()
last = "run_sims_retry_serial(10.0)"
assert src.rstrip().endswith(last), "the file ends with its own call"
body = src.rstrip()[: -len(last)]
scope = {"__name__": "retry_sim_driver"}
sys.path.insert(0, ".")
exec(compile(body, "retry_sim.py", "exec"), scope)
scope[sys.argv[1]](10.0)

#!/usr/bin/env python3
"""Runs `moreau run` commands on the workers of a Dask cluster for `moreau ida --scheduler`
(Dask distributed, Debian's python3-distributed): moreau ida writes one request a line on
this script's standard input, and reads one line per ended run on its output.

  in:  {"id": N, "arguments": [...], "log": PATH}   run `MOREAU arguments...`, output to PATH
       {"stop": true}                                 stop every run under way (SIGTERM)
  out: {"ready": true, "workers": K, "threads": T}   once connected to the scheduler and a
                                                     first worker (or after WORKER_WAIT)
       {"id": N, "code": C, "worker": ADDRESS}        a run ended with exit code C (-S: signal S)

Each run is a Dask task that starts the executable as a child of the worker, which is killed
with the worker (Linux's parent-death signal, SIGKILL), so that a lost worker leaves no run
behind and Dask starts the task again on another worker (its run folder is overwritten:
moreau ida passes --overwrite). The executable, the problem, the records and the study
folder must be at the same paths on every worker (a shared file system). Dask queues the
tasks beyond its workers' threads and gives them to workers as they join. A stop sets a Dask
Event that each task polls, and passes SIGTERM to its run, which stops as `moreau run` does.

usage: dask_runs.py SCHEDULER_ADDRESS MOREAU_EXECUTABLE
"""
import ctypes
import json
import os
import signal
import subprocess
import sys
import threading
import time
import uuid

try:
    from distributed import Client, Event, TimeoutError as DaskTimeoutError
except ImportError:
    sys.exit("Dask distributed is not installed (Debian: apt-get install python3-distributed)")

POLL_SECONDS = 0.2
WORKER_WAIT = "30s"  # for a first worker: a cluster's workers may register after the study starts
PR_SET_PDEATHSIG = 1


def die_with_parent(parent):
    """In the child, before exec: SIGKILL when the worker's thread that started it ends. A
    worker that died between the fork and the prctl left the child to init without that
    signal: the child then ends at once, or it would hold its run folder against the task's
    retry on another worker ("another moreau run is writing into this folder")."""
    ctypes.CDLL("libc.so.6", use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:
        os.kill(os.getpid(), signal.SIGKILL)


def run_on_worker(executable, arguments, log, stop_name):
    """A Dask task: one `moreau run`, stopped with SIGTERM when the study's Event is set."""
    from distributed import get_worker

    stop = Event(stop_name)
    worker = os.getpid()
    with open(log, "w") as output:
        child = subprocess.Popen([executable] + arguments, stdout=output,
                                 stderr=subprocess.STDOUT,
                                 preexec_fn=lambda: die_with_parent(worker))
        stopped = False
        while child.poll() is None:
            if not stopped and stop.is_set():
                child.send_signal(signal.SIGTERM)
                stopped = True
            time.sleep(POLL_SECONDS)
    return child.returncode, get_worker().address


def main(scheduler, executable):
    client = Client(scheduler, timeout="10s")
    stop_name = f"moreau-ida-stop-{uuid.uuid4()}"
    stop = Event(stop_name, client=client)
    lock = threading.Lock()
    futures = set()

    def say(message):
        with lock:
            print(json.dumps(message), flush=True)

    def ended(run_id):
        def report(future):
            futures.discard(future)
            try:
                code, worker = future.result()
            except Exception as error:  # the task failed on every worker it was given
                say({"id": run_id, "code": -1, "worker": f"none ({error})"})
                return
            say({"id": run_id, "code": code, "worker": worker})
        return report

    try:
        client.wait_for_workers(1, timeout=WORKER_WAIT)
    except DaskTimeoutError:
        pass  # moreau ida names the empty cluster, unless --jobs says how many runs to submit
    threads = client.nthreads()
    say({"ready": True, "workers": len(threads), "threads": sum(threads.values())})
    for line in sys.stdin:
        request = json.loads(line)
        if request.get("stop"):
            stop.set()
            continue
        future = client.submit(run_on_worker, executable, request["arguments"], request["log"],
                               stop_name, key=f"moreau-run-{uuid.uuid4()}", pure=False)
        futures.add(future)
        future.add_done_callback(ended(request["id"]))
    # moreau ida closed the pipe: it has what it waited for, or it was stopped.
    stop.set()
    client.close()


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(*sys.argv[1:])

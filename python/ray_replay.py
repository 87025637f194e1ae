"""screenpol's Ray job (docs/replay.md, "Ray"): run by `screenpol replay --engine ray`.

Reads on standard input the plan screenpol wrote: one shard per input file, each
the SQL of one policy over that file (the DuckDB SQL the policy compiles to, as
`replay --engine duckdb` runs it). Runs each shard as a Ray task, on whichever
node of the cluster has a CPU free, with DuckDB's Python package; writes the
shards' answers on standard output as one JSON document, in the plan's order.
screenpol merges them into the report. As each shard ends, one progress line on
standard error (`screenpol-job-progress: <done> <all> <rows>`), which screenpol
draws on a terminal.

A failure is one line on standard error, `screenpol-job: <why>`, and an exit
code screenpol maps (docs/replay.md, "Ray"): 3 a module is missing from this
Python, 4 the cluster cannot be reached, 5 a shard failed (a file a worker
cannot read), 6 the plan is not screenpol's. Never a traceback.
"""

import json
import os
import socket
import sys
import time

MISSING_MODULE = 3
UNREACHABLE = 4
SHARD_FAILED = 5
BAD_PLAN = 6

# A line on standard error after each shard: shards done, shards in all, rows of the done ones.
PROGRESS = "screenpol-job-progress: "


def fail(code, message):
    sys.stderr.write("screenpol-job: " + " ".join(str(message).split()) + "\n")
    sys.stderr.flush()
    # os._exit: Ray's atexit hooks would print more, and could hang on a cluster that went away.
    os._exit(code)


def first_line(error):
    text = str(error).strip().splitlines()
    return text[0] if text else type(error).__name__


def probe(address, seconds):
    """A GCS address (host:port) answers a TCP connection, or the job stops now rather than after Ray's minute of retries."""
    if address.startswith("ray://") or address == "auto":
        return
    host, _, port = address.rpartition(":")
    try:
        with socket.create_connection((host or "127.0.0.1", int(port)), timeout=seconds):
            pass
    except (OSError, ValueError) as error:
        fail(UNREACHABLE, "the Ray cluster at %s cannot be reached (%s)" % (address, first_line(error)))


def run_shard(plan):
    """One shard on a worker: its queries on an in-memory DuckDB, the rows as plain JSON values."""
    import duckdb

    try:
        connection = duckdb.connect(":memory:", config={"threads": str(plan.get("threads", 1))})
        for statement in plan["setup"]:
            connection.execute(statement)
        answers = {}
        for name in ("rows", "filtered", "groups", "reader"):
            cursor = connection.execute(plan[name])
            columns = [column[0] for column in cursor.description]
            answers[name] = [dict(zip(columns, row)) for row in cursor.fetchall()]
        connection.close()
        return {"ok": True, "answers": answers}
    except Exception as error:  # noqa: BLE001 - one line for screenpol, whatever DuckDB raised
        return {"ok": False, "source": plan.get("source", "?"), "error": first_line(error)}


def wait_for_shards(ray, refs, timeout):
    """Each shard's answer in the plan's order; as each ends, a progress line for screenpol's terminal."""
    deadline = time.monotonic() + timeout
    pending = list(refs)
    done = 0
    rows = 0
    while pending:
        ready, pending = ray.wait(pending, num_returns=1, timeout=max(0.0, deadline - time.monotonic()))
        if not ready:
            raise TimeoutError("the shards did not finish within %d s" % timeout)
        for answer in ray.get(ready):
            done += 1
            if answer["ok"]:
                rows += int(answer["answers"]["rows"][0]["n"]) if answer["answers"]["rows"] else 0
        sys.stderr.write("%s%d %d %d\n" % (PROGRESS, done, len(refs), rows))
        sys.stderr.flush()
    return ray.get(refs)


def main():
    try:
        request = json.load(sys.stdin)
        address = request["address"]
        shards = request["shards"]
        timeout = float(request.get("timeoutSeconds", 3600))
    except (ValueError, KeyError, TypeError) as error:
        fail(BAD_PLAN, "the plan on standard input is not screenpol's (%s)" % first_line(error))
    for module in ("duckdb", "pyarrow", "ray"):
        try:
            __import__(module)
        except ImportError as error:
            fail(MISSING_MODULE, "%s cannot import %s (%s): install ray[data], duckdb and pyarrow into it, or give another with --python" % (sys.executable, module, first_line(error)))
    import logging

    import ray

    probe(address, 5)
    try:
        ray.init(address=address, logging_level=logging.ERROR, log_to_driver=False, configure_logging=True)
    except Exception as error:  # noqa: BLE001
        fail(UNREACHABLE, "the Ray cluster at %s cannot be reached (%s)" % (address, first_line(error)))
    try:
        task = ray.remote(num_cpus=1, max_retries=0)(run_shard)
        refs = [task.remote(shard) for shard in shards]
        answers = wait_for_shards(ray, refs, timeout)
    except Exception as error:  # noqa: BLE001
        fail(SHARD_FAILED, "the Ray job failed: %s" % first_line(error))
    for answer in answers:
        if not answer["ok"]:
            fail(SHARD_FAILED, "%s: %s" % (answer["source"], answer["error"]))
    sys.stdout.write(json.dumps({"shards": [answer["answers"] for answer in answers]}, default=str))
    sys.stdout.flush()
    os._exit(0)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        fail(130, "interrupted")
    except Exception as error:  # noqa: BLE001 - never a traceback
        fail(1, "the Ray job stopped: %s" % first_line(error))

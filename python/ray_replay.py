"""screenpol's Ray job (docs/replay.md, "Ray"): run by `screenpol replay --engine ray`.

Reads on standard input the plan screenpol wrote: one shard per input file, each
the SQL of one policy over that file (the DuckDB SQL the policy compiles to, as
`replay --engine duckdb` runs it). Runs each shard as a Ray task, on whichever
node of the cluster has a CPU free, with DuckDB's Python package; writes the
shards' answers on standard output as one JSON document, in the plan's order.
screenpol merges them into the report. As each shard ends, one progress line
on standard error (`screenpol-job-progress: <done> <all> <rows>`), which
screenpol draws on a terminal. A shard of a remote input (`s3://`, `gs://`,
`hdfs://`, `file://`: any URI pyarrow's filesystems know) names the object to
fetch: the worker copies it into a temporary folder of its own and runs the
same SQL on the copy.

With `--list`, the job lists a remote input instead (`{"uri": ...}` on
standard input), without Ray: whether it is a file, a folder (every file under
it, hidden ones and `_SUCCESS`-style markers left out) or a glob, its files'
URIs in path order, and the columns of its first Parquet file as DuckDB types
them; screenpol checks the names and the schema as it does a local input's.

A failure is one line on standard error, `screenpol-job: <why>`, and an exit
code screenpol maps (docs/replay.md, "Ray"): 3 a module is missing from this
Python, 4 the cluster cannot be reached, 5 a shard failed (a file a worker
cannot read), 6 the plan is not screenpol's, 7 a remote input cannot be
listed (an unknown scheme, no credentials). Never a traceback.
"""

import fnmatch
import json
import os
import re
import shutil
import socket
import sys
import tempfile
import time

MISSING_MODULE = 3
UNREACHABLE = 4
SHARD_FAILED = 5
BAD_PLAN = 6
UNLISTABLE = 7

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


GLOB = re.compile(r"[*?[]")


def split_query(uri):
    """`s3://bucket/key?endpoint_override=...` -> (`s3://bucket/key`, `?endpoint_override=...`): the options ride on every file's URI."""
    head, mark, query = uri.partition("?")
    return head, mark + query


def glob_pattern(pattern):
    """A glob as DuckDB reads one: `*` and `?` within a name, `**` across folders, `[...]` a set."""
    out = []
    index = 0
    while index < len(pattern):
        if pattern.startswith("**/", index):
            out.append("(?:.*/)?")
            index += 3
        elif pattern.startswith("**", index):
            out.append(".*")
            index += 2
        elif pattern[index] == "*":
            out.append("[^/]*")
            index += 1
        elif pattern[index] == "?":
            out.append("[^/]")
            index += 1
        elif pattern[index] == "[":
            end = pattern.find("]", index + 1)
            if end < 0:
                out.append(re.escape("["))
                index += 1
            else:
                out.append(fnmatch.translate(pattern[index : end + 1])[4:-3])
                index = end + 1
        else:
            out.append(re.escape(pattern[index]))
            index += 1
    return re.compile("".join(out) + r"\Z")


def is_listed(relative):
    """Hidden files and `_SUCCESS`-style markers are not screenings, at any depth (as a local folder is walked)."""
    return not any(part.startswith(".") or part.startswith("_") for part in relative.split("/"))


def list_input(uri):
    """What `uri` names: `{"what": "file"|"folder"|"glob"|"missing", "files": [...], "described": [[name, type], ...] | None}`."""
    from pyarrow import fs as pafs

    head, query = split_query(uri)
    match = GLOB.search(head)
    base = head if match is None else head[: head.rfind("/", 0, match.start()) + 1]
    try:
        filesystem, root = pafs.FileSystem.from_uri(base.rstrip("/") + query)
        info = filesystem.get_file_info(root)
        if match is None and info.type == pafs.FileType.File:
            return {"what": "file", "files": [uri], "described": describe(filesystem, [root])}
        if info.type != pafs.FileType.Directory:
            return {"what": "missing", "files": [], "described": None}
        root = root.rstrip("/")
        found = []
        for entry in filesystem.get_file_info(pafs.FileSelector(root, recursive=True)):
            if entry.type != pafs.FileType.File:
                continue
            relative = entry.path[len(root) :].lstrip("/")
            if match is None and not is_listed(relative):
                continue
            found.append((relative, entry.path))
        found.sort(key=lambda item: item[0].split("/"))
        prefix = base.rstrip("/") + "/"
        if match is not None:
            pattern = glob_pattern(head[len(prefix) :])
            found = [(relative, path) for relative, path in found if pattern.match(relative)]
        return {
            "what": "folder" if match is None else "glob",
            "files": [prefix + relative + query for relative, _ in found],
            "described": describe(filesystem, [path for _, path in found]),
        }
    except Exception as error:  # noqa: BLE001 - pyarrow's words in one line: an unknown scheme, no credentials
        fail(UNLISTABLE, "%s: %s" % (uri, first_line(error)))


def describe(filesystem, paths):
    """The columns of the first Parquet file, typed as DuckDB types them (`DESCRIBE`), or None when there is none."""
    first = next((path for path in paths if path.lower().endswith(".parquet")), None)
    if first is None:
        return None
    import duckdb
    import pyarrow.parquet as pq

    empty = pq.read_schema(first, filesystem=filesystem).empty_table()  # noqa: F841 - read by DuckDB's replacement scan
    connection = duckdb.connect(":memory:")
    try:
        return [[row[0], row[1]] for row in connection.execute("DESCRIBE SELECT * FROM empty").fetchall()]
    finally:
        connection.close()


def fetch(uri, folder, name):
    """The object at `uri` copied, bytes as they are (a .gz stays gzip), to `folder/name`."""
    from pyarrow import fs as pafs

    filesystem, path = pafs.FileSystem.from_uri(uri)
    with filesystem.open_input_stream(path, compression=None) as source, open(os.path.join(folder, name), "wb") as target:
        shutil.copyfileobj(source, target, 1 << 20)


def run_shard(plan):
    """One shard on a worker: its queries on an in-memory DuckDB, the rows as plain JSON values."""
    import duckdb

    folder = None
    try:
        config = {"threads": str(plan.get("threads", 1))}
        if plan.get("fetch"):
            folder = tempfile.mkdtemp(prefix="screenpol-shard-")
            fetch(plan["fetch"]["uri"], folder, plan["fetch"]["as"])
            # The plan's SQL names the copy by its bare name.
            config["file_search_path"] = folder
        connection = duckdb.connect(":memory:", config=config)
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
    finally:
        if folder is not None:
            shutil.rmtree(folder, ignore_errors=True)


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
    if sys.argv[1:] == ["--list"]:
        try:
            uri = json.load(sys.stdin)["uri"]
        except (ValueError, KeyError, TypeError) as error:
            fail(BAD_PLAN, "the request on standard input is not screenpol's (%s)" % first_line(error))
        for module in ("duckdb", "pyarrow"):
            try:
                __import__(module)
            except ImportError as error:
                fail(MISSING_MODULE, "%s cannot import %s (%s): install ray[data], duckdb and pyarrow into it, or give another with --python" % (sys.executable, module, first_line(error)))
        sys.stdout.write(json.dumps(list_input(uri)))
        sys.stdout.flush()
        os._exit(0)
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

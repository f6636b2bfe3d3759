"""What the lab's benchmarks share: the project's ports, wrk runs and their figures, ./lab itself."""
import json
import math
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import time
import urllib.request

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
# Seed 000's Steak, a meal both meals services have from their first start.
STEAK = "5268203c-de76-4921-a3e3-439db69c462a"
# Seed 000's getMeal of the Steak, as SOAP 1.1.
SOAP_GET = ('<e:Envelope xmlns:e="http://schemas.xmlsoap.org/soap/envelope/" xmlns:m="http://foodmenu.io/gt/webservice">'
            '<e:Body><m:getMealRequest><m:name>Steak</m:name></m:getMealRequest></e:Body></e:Envelope>')
SOAP_TYPE = "text/xml; charset=utf-8"
# Seed 000's SOAP plan, its five requests in turn (StudyPlanRequests.soap(), which the lab's soap-study sends):
# the gets, then an order, which the service keeps.
SOAP_STUDY = [f'<e:Envelope xmlns:e="http://schemas.xmlsoap.org/soap/envelope/" xmlns:m="http://foodmenu.io/gt/webservice">'
              f'<e:Body>{body}</e:Body></e:Envelope>' for body in (
                  "<m:getCheapestMealRequest/>", "<m:getLargestMealRequest/>",
                  "<m:getMealRequest><m:name>Portobello</m:name></m:getMealRequest>",
                  "<m:getMealRequest><m:name>Steak</m:name></m:getMealRequest>",
                  "<m:addOrderRequest><m:order><m:orderId>1</m:orderId><m:items><m:orderItem><m:mealName>Steak</m:mealName>"
                  "<m:quantity>2</m:quantity></m:orderItem><m:orderItem><m:mealName>Portobello</m:mealName><m:quantity>1"
                  "</m:quantity></m:orderItem></m:items><m:customerName>Jan Peeters</m:customerName><m:deliveryAddress>"
                  "Andreas Vesaliusstraat 13, Leuven</m:deliveryAddress></m:order></m:addOrderRequest>")]
# Each thread keeps the sort phase of every answer; done() prints them for the benchmark to read.
SORT_PHASES = """
sorts = {}
local threads = {}
setup = function(thread) table.insert(threads, thread) end
response = function(status, headers, body)
  local timing = headers["Server-Timing"]
  local phase = timing and timing:match("sort%.sort;[^,]*dur=([0-9.]+)")
  if phase then sorts[#sorts + 1] = tonumber(phase) end
end
done = function(summary, latency, requests)
  for _, thread in ipairs(threads) do
    for _, phase in ipairs(thread:get("sorts")) do io.write("sort.sort ", phase, "\\n") end
  end
end
"""


# Each bare service's HTTP port (actuator included), by the name of its .env entry.
HTTP_PORT = {"meals-soap": "MEALS_SOAP_PORT", "meals-rest": "MEALS_REST_PORT", "sort-service": "SORT_PORT",
             "table-service": "TABLE_PORT", "object-store": "OBJECT_STORE_PORT", "catalog-service": "CATALOG_PORT",
             "order-service": "ORDER_PORT", "frontend-service": "FRONTEND_PORT"}
NGINX_PORT = 18090


def ports():
    """The services' ports, from .env (written once, there)."""
    values = {}
    with open(os.path.join(ROOT, ".env")) as f:
        for line in f:
            if "=" in line and not line.lstrip().startswith("#"):
                key, value = line.strip().split("=", 1)
                values[key] = value
    return values


def milliseconds(text):
    """wrk's latency figure ("612.00us", "1.93ms", "1.02s") in milliseconds."""
    number, unit = re.fullmatch(r"([0-9.]+)(us|ms|s|m)", text).groups()
    return float(number) * {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60000.0}[unit]


def require_wrk():
    """Exits with how to install wrk when it is missing: a benchmark checks this before it starts anything."""
    if shutil.which("wrk") is None:
        sys.exit("wrk is not installed (Debian: apt-get install wrk)")


def wrk(url, script, seconds, connections, threads=None, timeout="10s"):
    """One wrk run (keep-alive, --latency): its rate, p50, p99, failed answers and its output."""
    threads = threads or min(2, connections)
    out = subprocess.run(["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--timeout", timeout,
                          "--latency", "-s", script, url], capture_output=True, text=True, timeout=seconds + 60)
    rate = re.search(r"Requests/sec:\s+([0-9.]+)", out.stdout)
    if rate is None:
        sys.exit(f"wrk gave no rate for {url}:\n{out.stdout}{out.stderr}")
    percentiles = dict(re.findall(r"^\s+(50|99)%\s+(\S+)", out.stdout, re.M))
    mean = re.search(r"^\s+Latency\s+([0-9.]+(?:us|ms|s|m))\s", out.stdout, re.M)
    requests = re.search(r"(\d+) requests in", out.stdout)
    return {"rate": float(rate.group(1)), "requests": int(requests.group(1)), "mean": milliseconds(mean.group(1)),
            "p50": milliseconds(percentiles["50"]), "p99": milliseconds(percentiles["99"]),
            "failed": failed(out.stdout), "stdout": out.stdout}


def failed(stdout):
    """Answers that were not 2xx or 3xx, and socket errors, in wrk's output."""
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", stdout)
    errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", stdout)
    return (int(bad.group(1)) if bad else 0) + (sum(int(g) for g in errors.groups()) if errors else 0)


def wrk_script(path, method="GET", content_type=None, body=None, extra=""):
    """A wrk Lua script sending one request; extra is appended as it is."""
    with open(path, "w") as f:
        f.write(f'wrk.method = "{method}"\n')
        if content_type:
            f.write(f'wrk.headers["Content-Type"] = "{content_type}"\n')
        if body is not None:
            f.write(f"wrk.body = [==[{body}]==]\n")
        f.write(extra)
    return path


def lab(*args, env=None, ok=(0,)):
    """./lab with these arguments; exits with its output when it fails (an exit code not in ok)."""
    run = subprocess.run([os.path.join(ROOT, "lab"), *args], cwd=ROOT, capture_output=True, text=True,
                         env={**os.environ, **(env or {})}, timeout=1800)
    if run.returncode not in ok:
        sys.exit(f"./lab {' '.join(args)} failed:\n{run.stdout}{run.stderr}")
    return run.stdout


# A row of the warm-up's table (warm.md, or a report's "How the warm-up settled"): target, windows, seconds and
# p50s first, the verdict last, whatever columns lie between (the CPU steal's came later).
WARM_ROW = re.compile(r"^\| (\S+@\d+) \| (\d+) \| (\d+) \| ([0-9a-z.→ ]+) \|(?:[^|]*\|)* ([^|]*) \|$")


def warm_table(path):
    """target -> (windows, seconds, p50s, verdict) from the first warm-up table in the file at path (warm.md's later
    tables are its laps, re-judging the targets); a window of too few answers to judge has the p50 nan."""
    rows = {}
    with open(path) as f:
        for line in f:
            if rows and not line.startswith("|"):
                break
            m = WARM_ROW.match(line.rstrip("\n"))
            if m:
                p50s = [float(x) if re.fullmatch(r"\s*[0-9.]+\s*", x) else math.nan for x in m.group(4).split("→")]
                rows[m.group(1)] = (int(m.group(2)), int(m.group(3)), p50s, m.group(5).strip())
    return rows


def percentile50(values):
    """The p50 as HdrHistogram and wrk give it: the smallest value with half the values at or below it."""
    ordered = sorted(values)
    return ordered[max(0, (len(ordered) + 1) // 2 - 1)]


def cpu_ticks():
    """(all, stolen) CPU ticks of this machine from Linux's /proc/stat (guest time is inside user's); None elsewhere."""
    try:
        with open("/proc/stat") as f:
            fields = f.readline().split()
        return sum(int(v) for v in fields[1:9]), int(fields[8])
    except (OSError, IndexError, ValueError):
        return None


def steal_share(before, after):
    """The share of the machine's CPU time the hypervisor gave to other guests between two readings; None unread."""
    if before is None or after is None or after[0] <= before[0]:
        return None
    return (after[1] - before[1]) / (after[0] - before[0])


def pearson(xs, ys):
    """Pearson's correlation of two series; 0 where either is flat."""
    mx, my = statistics.mean(xs), statistics.mean(ys)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sxx, syy = sum((x - mx) ** 2 for x in xs), sum((y - my) ** 2 for y in ys)
    return sxy / (sxx * syy) ** 0.5 if sxx and syy else 0.0


def spread(values, digits=0, unit=""):
    """Mean and range: "4,680 (4,016–5,086)"."""
    f = f"{{:,.{digits}f}}"
    return f"{f.format(statistics.mean(values))}{unit} ({f.format(min(values))}–{f.format(max(values))})"


def service_pids(services):
    """The process ids of the lab's bare service JVMs, by their jar's name (./lab up runs `java -jar`)."""
    pids = {}
    for service in services:
        found = subprocess.run(["pgrep", "-f", f"{service}-[^ ]*-exec\\.jar"], capture_output=True, text=True)
        if not found.stdout.split():
            sys.exit(f"{service} is not running bare (no {service}-*-exec.jar process)")
        pids[service] = [int(pid) for pid in found.stdout.split()]
    return pids


def fixed_loop_ms(loops):
    """One run of a fixed piece of CPU work (a pure Python loop: no memory beyond the caches, no system call), in
    ms of wall time: the machine's own speed, where a service's time would not tell a slow machine from a slow
    service."""
    start = time.perf_counter()
    total = 0
    for k in range(loops):
        total += k * k
    return 1000 * (time.perf_counter() - start)


def machine_cpu_seconds():
    """CPU seconds all cores have spent busy so far, every process and the kernel's interrupts: user, nice,
    system, irq and softirq of /proc/stat's first line (idle, iowait and the hypervisor's steal left out)."""
    with open("/proc/stat") as f:
        fields = [int(v) for v in f.readline().split()[1:]]
    return (fields[0] + fields[1] + fields[2] + fields[5] + fields[6]) / os.sysconf("SC_CLK_TCK")


def cpu_seconds(pids, thread=None):
    """User + system CPU seconds these processes have used so far (/proc/<pid>/stat, fields 14 and 15);
    with thread (a name or a tuple of names), only their threads whose name starts with one of them
    (/proc/<pid>/task/*, names cut at 15 characters)."""
    prefixes = None if thread is None else tuple(t[:15] for t in ((thread,) if isinstance(thread, str) else thread))
    ticks = 0
    for pid in (p for group in pids.values() for p in group):
        if thread is None:
            stats = [f"/proc/{pid}/stat"]
        else:
            tasks = f"/proc/{pid}/task"
            stats = []
            for task in os.listdir(tasks):
                try:
                    with open(f"{tasks}/{task}/comm") as f:
                        if f.read().startswith(prefixes):
                            stats.append(f"{tasks}/{task}/stat")
                except FileNotFoundError:  # the thread ended
                    pass
        for stat in stats:
            with open(stat) as f:
                # The command name (field 2) may hold spaces; the fields after it are counted from its ')'.
                fields = f.read().rsplit(")", 1)[1].split()
            ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def lab_request_lua(run_id):
    """Lua for a wrk script (no request function of its own): each request sent as the lab's own generator sends
    it (load's LabHttp), with a fresh, sampled W3C traceparent and the run id as baggage. The services extract
    that context and parse that baggage; an outside client without them times a cheaper request than the lab's.
    The ids as the lab's outside client makes them (OutsideClient): a random prefix and a count, so a request
    costs wrk one string.format. Each wrk thread reads its own prefix from /dev/urandom when it starts, so no
    two runs of one script send the same trace id (the count starts again with each run)."""
    if not re.fullmatch(r"[A-Za-z0-9._-]+", run_id):
        raise ValueError(f"a run id of letters, digits, '.', '_' and '-', not {run_id!r}")
    return ('local trace, span\n'
            'init = function(args)\n'
            '  local random = io.open("/dev/urandom", "rb")\n'
            '  local bytes = random:read(16)\n'
            '  random:close()\n'
            '  local hex = bytes:gsub(".", function(c) return string.format("%02x", c:byte()) end)\n'
            '  trace, span = hex:sub(1, 24), hex:sub(25, 32)\n'
            'end\n'
            'local sent = 0\n'
            f'wrk.headers["baggage"] = "lab.run.id={run_id}"\n'
            'request = function()\n'
            '  sent = sent + 1\n'
            '  wrk.headers["traceparent"] = string.format("00-%s%08x-%s%08x-01", trace, sent, span, sent)\n'
            '  return wrk.format()\n'
            'end\n')


def operation_scripts(work, env, sort_n, extra=""):
    """name -> (url, wrk script) of every operation the benchmarks send; sort: a quicksort of sort_n integers
    (its input made by the running sort service), left out when sort_n is None; extra: Lua appended to each
    (lab_request_lua, say)."""
    if sort_n is not None:
        sort_file = os.path.join(work, f"sort-{sort_n}.txt")
        with urllib.request.urlopen(f"http://127.0.0.1:{env['SORT_PORT']}/generate?n={sort_n}&seed=1", timeout=30) as r:
            with open(sort_file, "wb") as f:
                f.write(r.read())
    front = f"http://127.0.0.1:{env['FRONTEND_PORT']}"
    return {
        "rest-get": (f"http://127.0.0.1:{env['MEALS_REST_PORT']}/rest/meals/{STEAK}",
                     wrk_script(os.path.join(work, "rest-get.lua"), extra=extra)),
        "soap-get": (f"http://127.0.0.1:{env['MEALS_SOAP_PORT']}/ws",
                     wrk_script(os.path.join(work, "soap-get.lua"), "POST", SOAP_TYPE, SOAP_GET, extra)),
        "toy-query": (f"{front}/products/Tux", wrk_script(os.path.join(work, "toy-query.lua"), extra=extra)),
        # Kite is stocked so deep that every buy is a sale.
        "toy-buy": (f"{front}/orders", wrk_script(os.path.join(work, "toy-buy.lua"), "POST", "application/json",
                                                  '{"name":"Kite","quantity":1}', extra)),
        **({} if sort_n is None else {"sort": (
            f"http://127.0.0.1:{env['SORT_PORT']}/sort?algorithm=quick",
            wrk_script(os.path.join(work, "sort.lua"), "POST", "text/plain", None,
                       f'local f = io.open("{sort_file}", "rb")\nwrk.body = f:read("*a")\nf:close()\n' + SORT_PHASES
                       + extra))}),
    }


def soap_study_script(work, env):
    """(url, wrk script) of seed 000's SOAP plan, each wrk thread sending its five requests in turn."""
    return (f"http://127.0.0.1:{env['MEALS_SOAP_PORT']}/ws", wrk_script(
        os.path.join(work, "soap-study.lua"), "POST", SOAP_TYPE, None,
        "local bodies = {" + ", ".join(f"[==[{b}]==]" for b in SOAP_STUDY) + "}\nlocal turn = 0\n"
        "request = function()\n  turn = turn % #bodies + 1\n  return wrk.format(nil, nil, nil, bodies[turn])\nend\n"))


def set_sampling(env, services, probability, observations=True):
    """Each service's sampler, switched in its running JVM (POST /actuator/sampling): probability 0 samples no
    new trace, None goes back to the sampler it started with; observations=False makes every Micrometer
    observation a no-op (no meters, no spans: the services as if uninstrumented)."""
    fields = {} if probability is None else {"probability": probability}
    if not observations:
        fields["observations"] = False
    body = json.dumps(fields).encode()
    for service in services:
        request = urllib.request.Request(f"http://127.0.0.1:{env[HTTP_PORT[service]]}/actuator/sampling", data=body,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=10) as r:
                r.read()
        except OSError as ex:
            sys.exit(f"{service} did not switch its sampling ({ex}): /actuator/sampling must be exposed")


class SpanBytes:
    """Bytes of spans the services wrote into `directory` since the first call of written(), across a roll of
    their files (one that reached LAB_TRACES_FILE_MAX_SIZE is renamed NAME.jsonl.1 and begins again): only
    `services`' files, or every NAME.jsonl there."""

    def __init__(self, directory, services=None):
        self.directory = directory
        self.services = services
        self.seen = None
        self.total = 0

    def _names(self):
        if self.services is not None:
            return [f"{service}.jsonl" for service in self.services]
        return [f for f in os.listdir(self.directory) if f.endswith(".jsonl")] if os.path.isdir(self.directory) else []

    def _stat(self, name):
        try:
            st = os.stat(os.path.join(self.directory, name))
            return st.st_ino, st.st_size
        except FileNotFoundError:
            return None

    def written(self):
        now = {name: self._stat(name) for name in self._names()}
        now = {name: st for name, st in now.items() if st is not None}
        if self.seen is not None:
            for name, (ino, size) in now.items():
                last = self.seen.get(name)
                if last is None:
                    self.total += size
                elif ino == last[0]:
                    self.total += size - last[1]
                else:
                    rolled = self._stat(name + ".1")
                    self.total += size + (rolled[1] - last[1] if rolled and rolled[0] == last[0] else 0)
        self.seen = now
        return self.total


def capture(url, method="GET", content_type=None, body=None):
    """One answer: status, Content-Type, body bytes."""
    request = urllib.request.Request(url, method=method, data=body.encode() if body else None,
                                     headers={"Content-Type": content_type} if content_type else {})
    with urllib.request.urlopen(request, timeout=10) as r:
        return r.status, r.headers.get("Content-Type"), r.read()


class SameBytes:
    """nginx answering, at each path, the bytes a service answered there (Content-Type and body), for any
    method, on 127.0.0.1:NGINX_PORT: the floor of serving those bytes over HTTP. A context manager; answers is
    path -> (status, content type, body) as capture() gives them."""

    def __init__(self, work, answers):
        self.work = os.path.join(work, "nginx")
        self.answers = answers
        self.process = None

    def url(self, path):
        return f"http://127.0.0.1:{NGINX_PORT}{path}"

    def __enter__(self):
        binary = shutil.which("nginx") or ("/usr/sbin/nginx" if os.path.exists("/usr/sbin/nginx") else None)
        if binary is None:
            sys.exit("nginx is not installed (Debian: apt-get install nginx)")
        os.makedirs(os.path.join(self.work, "www"))
        os.makedirs(os.path.join(self.work, "tmp"))
        locations = []
        for i, (path, (_, content_type, body)) in enumerate(self.answers.items()):
            with open(os.path.join(self.work, "www", f"{i}.body"), "wb") as f:
                f.write(body)
            locations.append(f"""
    location = {path} {{
      types {{ }}
      default_type "{content_type}";
      alias {self.work}/www/{i}.body;
      # A POST to a static file is a 405; answer it with the file as for a GET.
      error_page 405 =200 $uri;
    }}""")
        temp = os.path.join(self.work, "tmp")
        with open(os.path.join(self.work, "nginx.conf"), "w") as f:
            f.write(f"""worker_processes 1;
pid {self.work}/nginx.pid;
error_log {self.work}/nginx-error.log;
daemon off;
events {{ worker_connections 1024; }}
http {{
  access_log off;
  server_tokens off;
  keepalive_requests 1000000;
  client_body_temp_path {temp};
  proxy_temp_path {temp};
  fastcgi_temp_path {temp};
  uwsgi_temp_path {temp};
  scgi_temp_path {temp};
  server {{
    listen 127.0.0.1:{NGINX_PORT};
{''.join(locations)}
  }}
}}
""")
        self.process = subprocess.Popen([binary, "-c", os.path.join(self.work, "nginx.conf"), "-p", self.work],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        try:
            for path, (_, content_type, body) in self.answers.items():
                for _ in range(50):
                    try:
                        same = capture(self.url(path))
                        break
                    except OSError:
                        if self.process.poll() is not None:
                            sys.exit(f"nginx ended at once: {self.work}/nginx-error.log")
                        time.sleep(0.1)
                else:
                    sys.exit(f"nginx did not answer on port {NGINX_PORT} within 5 s")
                if same[2] != body or same[1] != content_type:
                    sys.exit(f"nginx does not answer {path} with the service's bytes")
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def __exit__(self, *_):
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGQUIT)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()

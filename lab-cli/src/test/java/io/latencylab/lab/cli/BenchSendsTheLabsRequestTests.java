package io.latencylab.lab.cli;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

/**
 * bench/one-client sets wrk beside the lab's own client. The lab's requests carry a fresh sampled
 * traceparent and the run id as baggage, which the services extract and parse; wrk by itself sends
 * neither, a cheaper request. The bench's Lua (bench/benchlib.py) makes wrk send the lab's.
 */
class BenchSendsTheLabsRequestTests {

	private static final Path ROOT = Path.of("..");

	@Test
	void wrkSendsAFreshSampledTraceparentAndTheRunIdAsBaggage(@TempDir Path dir) throws Exception {
		assumeThat(ScriptsParseTests.onPath("python3")).as("python3 on the PATH").isTrue();
		assumeThat(ScriptsParseTests.onPath("wrk")).as("wrk on the PATH").isTrue();
		Result lua = python("print(benchlib.lab_request_lua('one-client-test'), end='')");
		assertThat(lua.exit()).as(lua.out()).isZero();
		Path script = Files.writeString(dir.resolve("query.lua"), "wrk.method = \"GET\"\n" + lua.out());
		List<String> traceparents = new CopyOnWriteArrayList<>();
		List<String> baggages = new CopyOnWriteArrayList<>();
		HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		server.createContext("/", (exchange) -> {
			traceparents.add(String.valueOf(exchange.getRequestHeaders().getFirst("traceparent")));
			baggages.add(String.valueOf(exchange.getRequestHeaders().getFirst("baggage")));
			byte[] body = "ok".getBytes(StandardCharsets.UTF_8);
			exchange.sendResponseHeaders(200, body.length);
			exchange.getResponseBody().write(body);
			exchange.close();
		});
		server.start();
		try {
			Result wrk = run(List.of("wrk", "-t2", "-c2", "-d1s", "-s", script.toString(),
					"http://127.0.0.1:" + server.getAddress().getPort() + "/products/Tux"));
			assertThat(wrk.exit()).as(wrk.out()).isZero();
		}
		finally {
			server.stop(0);
		}
		assertThat(traceparents).hasSizeGreaterThan(20).allMatch((t) -> t.matches("00-[0-9a-f]{32}-[0-9a-f]{16}-01"));
		assertThat(traceparents.stream().map((t) -> t.substring(3, 35)).distinct().count()).as("a fresh trace each")
			.isEqualTo(traceparents.size());
		assertThat(baggages).containsOnly("lab.run.id=one-client-test");
	}

	@Test
	void aRunIdThatWouldBreakTheScriptIsRefused() throws Exception {
		assumeThat(ScriptsParseTests.onPath("python3")).as("python3 on the PATH").isTrue();
		Result lua = python("print(benchlib.lab_request_lua('x\"; os.exit(1) --'))");
		assertThat(lua.exit()).isNotZero();
		assertThat(lua.out()).contains("a run id of letters, digits");
	}

	private record Result(int exit, String out) {
	}

	private static Result python(String code) throws Exception {
		return run(List.of("python3", "-c", "import sys\nsys.path.insert(0, 'bench')\nimport benchlib\n" + code));
	}

	private static Result run(List<String> command) throws Exception {
		Process process = new ProcessBuilder(command).directory(ROOT.toFile()).redirectErrorStream(true).start();
		try {
			assertThat(process.waitFor(60, TimeUnit.SECONDS)).as(command + " ended within 60 s").isTrue();
			return new Result(process.exitValue(), new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
		}
		finally {
			process.destroyForcibly(); // nothing left running when it hangs
		}
	}

}

package io.latencylab.it;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import io.latencylab.lab.deploy.AotCache;
import io.latencylab.lab.deploy.ServiceJar;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A service's start-up cache, recorded by a training run and then required: the sort service's jar
 * (a copy, so the project's own cache is not touched) extracted, started recording, sent sorts,
 * stopped as ./lab down stops it (SIGTERM), its cache written as the JVM exited; then started with
 * the cache required (-XX:AOTMode=on, or -Xshare:on for a CDS archive), where a JVM that cannot use
 * it refuses to start.
 */
class AotCacheIT {

	private final Path root = Path.of(System.getProperty("lab.root", ".."));

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();

	@TempDir
	Path elsewhere;

	@Test
	void aServiceTrainedOnceStartsWithItsCacheRequiredAndAnswers() throws Exception {
		Path jar = Files.copy(ServiceJar.find(this.root, "sort-service"), this.elsewhere.resolve("sort-service-exec.jar"));
		AotCache cache = AotCache.forJar("sort-service", jar);
		Path extracted = cache.extract();
		int port = FreePorts.next();
		Map<String, String> environment = Map.of("SORT_PORT", String.valueOf(port));

		Process training = start(cache.recordOptions(), extracted, environment, "training.log");
		try {
			for (int i = 0; i < 200; i++) {
				assertThat(sort(port, 500, i)).isEqualTo(200);
			}
		}
		finally {
			training.destroy();
		}
		assertThat(training.waitFor(300, TimeUnit.SECONDS)).as("the training JVM writes its cache and exits").isTrue();
		assertThat(cache.stamp("200 sorts")).isPositive();
		assertThat(cache.unusable()).isEmpty();

		List<String> required = new ArrayList<>(cache.useOptions());
		required.add(cache.kind().equals("AOT cache") ? "-XX:AOTMode=on" : "-Xshare:on");
		Process warm = start(required, extracted, environment, "warm.log");
		try {
			assertThat(sort(port, 500, 1)).isEqualTo(200);
		}
		finally {
			warm.destroy();
			if (!warm.waitFor(30, TimeUnit.SECONDS)) {
				warm.destroyForcibly();
			}
		}

		// The jar built from other sources: its cache is not used any more, and says why.
		Files.write(jar, new byte[] { 0 }, StandardOpenOption.APPEND);
		assertThat(AotCache.forJar("sort-service", jar).unusable()).contains("recorded for an older build of sort-service");
	}

	private Process start(List<String> options, Path extracted, Map<String, String> environment, String log)
			throws Exception {
		Path logFile = this.elsewhere.resolve(log);
		Process process = ServiceJar.start(ServiceJar.command(options, extracted, List.of()), this.elsewhere, logFile,
				environment);
		URI readiness = URI.create("http://127.0.0.1:" + environment.get("SORT_PORT") + "/actuator/health/readiness");
		ServiceJar.awaitReady("sort-service", process, () -> LabProcesses.answers(this.http, readiness),
				ServiceJar.deadline(Duration.ofSeconds(120)), logFile);
		return process;
	}

	private int sort(int port, int n, int seed) throws Exception {
		String numbers = new Random(seed).ints(n, 0, 1_000_000).mapToObj(String::valueOf).collect(Collectors.joining(" "));
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/sort?algorithm=quick"))
			.header("Content-Type", "text/plain")
			.POST(HttpRequest.BodyPublishers.ofString(numbers))
			.timeout(Duration.ofSeconds(10))
			.build();
		return this.http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
	}

}

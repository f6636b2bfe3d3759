package io.latencylab.load;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

import io.gatling.javaapi.core.OpenInjectionStep;
import io.gatling.javaapi.core.Simulation;
import io.latencylab.lab.plan.Parameters;
import io.latencylab.lab.plan.Targets;
import io.latencylab.lab.study.svload.CacheCase;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.nothingFor;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.header;
import static io.gatling.javaapi.http.HttpDsl.http;

/**
 * Seed 003's test cases (see {@link CacheCase}): bursts of GETs of the object store's objects,
 * straight from the store or through its cache tier, over HTTP or HTTPS (trusting the lab's CA
 * only), every request on a connection of its own as the study's curl and JMeter clients opened
 * them. Before the first burst it makes the objects the case reads (one for the same URL, one per
 * request of a burst for different URLs, a fresh one per request for a cache miss) and, for a
 * cache hit, reads each once through the cache so that the bursts find them there.
 */
public class ObjectCacheSimulation extends Simulation {

	final Parameters parameters = Parameters.fromSystem();

	final CacheCase tc = CacheCase.from(this.parameters);

	final LoadRecorder recorder = new LoadRecorder(this.tc.stepName(), this.parameters);

	final String store = Targets.url(this.parameters, Targets.OBJECTS);

	final String container = "/v1/svload/tc" + this.tc.id() + "-" + this.recorder.runId().replaceAll("[^A-Za-z0-9._-]", "-");

	final String base = switch (this.tc.server()) {
		case BACKEND -> this.tc.https() ? Targets.url(this.parameters, Targets.OBJECTS_TLS) : this.store;
		case HIT, MISS -> this.tc.https() ? Targets.url(this.parameters, Targets.OBJECT_CACHE_TLS)
				: Targets.url(this.parameters, Targets.OBJECT_CACHE);
	};

	/** Objects made: one, one per request of a burst, or one per request of the run (a miss each). */
	final int objects = this.tc.sameUrl() ? 1
			: this.tc.burst() * ((this.tc.server() == CacheCase.Server.MISS) ? this.tc.rounds() : 1);

	final AtomicInteger next = new AtomicInteger();

	/** What the cache answered, counted: X-Cache values (none from the store itself). */
	final Map<String, LongAdder> cacheAnswers = new ConcurrentHashMap<>();

	{
		List<OpenInjectionStep> bursts = new ArrayList<>();
		for (int round = 0; round < this.tc.rounds(); round++) {
			if (round > 0) {
				bursts.add(nothingFor(CacheCase.PAUSE));
			}
			bursts.add(atOnceUsers(this.tc.burst()));
		}
		setUp(scenario(this.tc.label()).exec((session) -> session.set("url", this.base + path(this.next.getAndIncrement())))
			.exec(LabHttp.call(this.recorder, this.tc.label(),
					http("get").get("#{url}").check(header("X-Cache").optional().saveAs("xCache"))))
			.exec((session) -> {
				String answer = session.contains("xCache") ? session.getString("xCache") : "none";
				this.cacheAnswers.computeIfAbsent(answer, (k) -> new LongAdder()).increment();
				return session;
			})
			.injectOpen(bursts))
			.protocols(http.disableCaching())
			.maxDuration(CacheCase.PAUSE.multipliedBy(this.tc.rounds()).plusSeconds(120));
	}

	private String path(int request) {
		return this.container + (this.tc.sameUrl() ? "/object" : "/object-" + (request % this.objects));
	}

	@Override
	public void before() {
		HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
		byte[] body = new byte[this.tc.objectBytes()];
		new Random(3).nextBytes(body);
		send(client, "PUT", this.store + this.container, new byte[0]);
		for (int i = 0; i < this.objects; i++) {
			send(client, "PUT", this.store + path(i), body);
		}
		if (this.tc.server() == CacheCase.Server.HIT) {
			// Into the cache, over plain HTTP: the cache keeps one copy per URL, whatever the scheme.
			String cache = Targets.url(this.parameters, Targets.OBJECT_CACHE);
			for (int i = 0; i < this.objects; i++) {
				send(client, "GET", cache + path(i), null);
			}
		}
	}

	private static void send(HttpClient client, String method, String url, byte[] body) {
		try {
			HttpResponse<Void> response = client.send(HttpRequest.newBuilder(URI.create(url))
				.method(method, (body != null) ? BodyPublishers.ofByteArray(body) : BodyPublishers.noBody())
				.timeout(Duration.ofSeconds(30))
				.build(), BodyHandlers.discarding());
			if (response.statusCode() >= 300) {
				throw new IllegalStateException(method + " " + url + " answered " + response.statusCode());
			}
		}
		catch (IOException ex) {
			throw new IllegalStateException("cannot prepare seed 003's objects: " + method + " " + url, ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	/** The X-Cache counts beside requests.csv (x-cache.json), for the report's hit and miss rates. */
	@Override
	public void after() {
		StringBuilder json = new StringBuilder("{");
		this.cacheAnswers.forEach((answer, count) -> json.append(json.length() > 1 ? "," : "")
			.append('"').append(answer.replaceAll("[^A-Za-z]", "")).append("\":").append(count.sum()));
		try {
			Files.writeString(this.recorder.directory().resolve(CacheCase.CACHE_ANSWERS), json.append('}').toString());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		this.recorder.finish();
		// The case's objects go, so that runs do not fill the store's disk (a miss case makes hundreds).
		HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
		for (int i = 0; i < this.objects; i++) {
			send(client, "DELETE", this.store + path(i), null);
		}
		send(client, "DELETE", this.store + this.container, null);
	}

}

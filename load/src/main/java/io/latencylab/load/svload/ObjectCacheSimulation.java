package io.latencylab.load.svload;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

import io.gatling.javaapi.core.OpenInjectionStep;
import io.gatling.javaapi.core.Simulation;
import io.latencylab.load.LabHttp;
import io.latencylab.load.LoadRecorder;
import io.latencylab.load.PlainHttp;
import io.latencylab.plan.Parameters;
import io.latencylab.plan.Targets;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.nothingFor;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.header;
import static io.gatling.javaapi.http.HttpDsl.http;

/**
 * Seed 003's test cases (see {@link CacheCase}): bursts of GETs of the population's objects (see
 * {@link SvLoadPopulation}), straight from the store or through its cache tier, over HTTP or HTTPS
 * (trusting the lab's CA only), every request on a connection of its own as the study's curl and
 * JMeter clients opened them. Before the first burst it makes sure the store holds the objects the
 * case reads, then, for a cache hit, reads each once through the cache, and, for a cache miss,
 * purges each from it, so that the bursts find what the case says. While the bursts run, curl reads
 * objects one after another for its phase timings, as the study's scripts did beside JMeter.
 */
public class ObjectCacheSimulation extends Simulation {

	final Parameters parameters = Parameters.fromSystem();

	final CacheCase tc = CacheCase.from(this.parameters);

	final SvLoadPopulation population = SvLoadPopulation.from(this.parameters);

	final LoadRecorder recorder = new LoadRecorder(this.tc.stepName(), this.parameters);

	final String store = Targets.url(this.parameters, Targets.OBJECTS);

	final String cache = Targets.url(this.parameters, Targets.OBJECT_CACHE);

	final String base = switch (this.tc.server()) {
		case BACKEND -> this.tc.https() ? Targets.url(this.parameters, Targets.OBJECTS_TLS) : this.store;
		case HIT, MISS -> this.tc.https() ? Targets.url(this.parameters, Targets.OBJECT_CACHE_TLS) : this.cache;
	};

	/** The bursts' objects: every request of a miss case reads one of its own; curl's follow them. */
	final int burstObjects = (this.tc.server() == CacheCase.Server.MISS) ? this.tc.burst() * this.tc.rounds()
			: this.tc.objects();

	final AtomicInteger next = new AtomicInteger();

	/** What the cache answered, counted: X-Cache values (none from the store itself). */
	final Map<String, LongAdder> cacheAnswers = new ConcurrentHashMap<>();

	final List<CurlPhases> probes = Collections.synchronizedList(new ArrayList<>());

	final Thread prober = Thread.ofPlatform().name("curl-probes").daemon().unstarted(this::probe);

	/** The kernel's accept-queue counters as the bursts began. */
	TcpCounters tcpBefore;

	{
		List<OpenInjectionStep> bursts = new ArrayList<>();
		for (int round = 0; round < this.tc.rounds(); round++) {
			if (round > 0) {
				bursts.add(nothingFor(CacheCase.PAUSE));
			}
			bursts.add(atOnceUsers(this.tc.burst()));
		}
		setUp(scenario(this.tc.label())
			.exec((session) -> session.set("url", this.base + this.population.path(object(this.next.getAndIncrement()))))
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

	/** The population's index of the case's {@code request}-th read (bursts first, then curl's). */
	private int object(int request) {
		int offset = (this.tc.server() == CacheCase.Server.MISS) ? request : request % this.burstObjects;
		return this.tc.firstObject() + offset % this.tc.objects();
	}

	@Override
	public void before() {
		HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
		StoreWrites writes = StoreWrites.of(this.parameters, client);
		for (int i = 0; i < this.tc.objects(); i++) {
			int object = this.tc.firstObject() + i;
			ObjectRequests.ensure(client, this.store, writes, this.population, object);
			switch (this.tc.server()) {
				// Into the cache, over plain HTTP: the cache keeps one copy per URL, whatever the scheme.
				case HIT -> PlainHttp.send(client, "GET", this.cache + this.population.path(object), null);
				// Out of it: a miss reads an object Varnish has not seen, whatever earlier runs read.
				case MISS -> PlainHttp.send(client, "PURGE", this.cache + this.population.path(object), null);
				case BACKEND -> {
				}
			}
		}
		this.tcpBefore = TcpCounters.read();
		this.prober.start();
	}

	/**
	 * curl's reads: PROBES_PER_ROUND of them started at once with each burst, so that they meet it
	 * (each a process of its own: about 8 ms of CPU over HTTP, 11 ms over HTTPS, on this machine).
	 */
	private void probe() {
		Path ca = Path.of(System.getProperty("gatling.ssl.trustStore.file", "data/tls/ca-truststore.p12"))
			.resolveSibling("ca.crt");
		long start = System.nanoTime();
		int started = 0;
		try {
			for (int round = 0; round < this.tc.rounds(); round++) {
				long due = start + round * CacheCase.PAUSE.toNanos();
				Thread.sleep(Math.max(0, (due - System.nanoTime()) / 1_000_000));
				List<Process> curls = new ArrayList<>();
				for (int i = 0; i < CacheCase.PROBES_PER_ROUND; i++) {
					curls.add(CurlPhases.start(this.base + this.population.path(object(this.burstObjects + started++)), ca));
				}
				for (Process curl : curls) {
					CurlPhases phases = CurlPhases.finish(curl);
					if (phases != null) {
						this.probes.add(phases);
					}
				}
			}
		}
		catch (IOException ex) {
			// No curl here: the report says the case has no phase timings.
			System.err.println("curl probes stopped: " + ex.getMessage());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * The X-Cache counts (x-cache.json), curl's timings (curl-phases.csv) and the kernel's
	 * accept-queue counters over the bursts (tcp.json) beside requests.csv.
	 */
	@Override
	public void after() {
		StringBuilder json = new StringBuilder("{");
		this.cacheAnswers.forEach((answer, count) -> json.append(json.length() > 1 ? "," : "")
			.append('"').append(answer.replaceAll("[^A-Za-z]", "")).append("\":").append(count.sum()));
		try {
			this.prober.join(Duration.ofSeconds(40));
			TcpCounters tcp = TcpCounters.read().since(this.tcpBefore);
			Files.writeString(this.recorder.directory().resolve(CacheCase.CACHE_ANSWERS), json.append('}').toString());
			Files.writeString(this.recorder.directory().resolve(TcpCounters.FILE), tcp.json());
			CurlPhases.write(List.copyOf(this.probes), this.recorder.directory().resolve(CacheCase.CURL_PHASES));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		this.recorder.finish();
	}

}

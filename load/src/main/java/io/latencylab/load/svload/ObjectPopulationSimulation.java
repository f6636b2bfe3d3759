package io.latencylab.load.svload;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

import io.gatling.javaapi.core.Simulation;
import io.latencylab.load.LabHttp;
import io.latencylab.load.LoadRecorder;
import io.latencylab.load.PlainHttp;
import io.latencylab.plan.Parameters;
import io.latencylab.plan.Targets;

import static io.gatling.javaapi.core.CoreDsl.ByteArrayBody;
import static io.gatling.javaapi.core.CoreDsl.asLongAs;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.header;
import static io.gatling.javaapi.http.HttpDsl.http;

/**
 * Seed 003's population (see {@link SvLoadPopulation}) into the object store, before any case
 * reads it: every account's container, then each object by {@link SvLoadPopulation#UPLOADERS} clients at once: a
 * HEAD, and a PUT when the store lacks the object or holds other bytes under its name. A second
 * run finds them all and only reads their heads.
 */
public class ObjectPopulationSimulation extends Simulation {

	final Parameters parameters = Parameters.fromSystem();

	final SvLoadPopulation population = SvLoadPopulation.from(this.parameters);

	final LoadRecorder recorder = new LoadRecorder("svload-population", this.parameters);

	final String store = Targets.url(this.parameters, Targets.OBJECTS);

	/** A token for Swift, fetched as the simulation is built: the PUTs below carry it. */
	final StoreWrites writes = StoreWrites.of(this.parameters,
			HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build());

	final AtomicInteger next = new AtomicInteger();

	final LongAdder written = new LongAdder();

	final LongAdder writtenBytes = new LongAdder();

	{
		int objects = this.population.objects();
		setUp(scenario("population").exec(asLongAs((session) -> this.next.get() < objects).on(
				exec((session) -> session.set("object", this.next.getAndIncrement()).remove("etag"))
					.doIf((session) -> session.getInt("object") < objects)
					.then(LabHttp.call(this.recorder, "head",
							http("head").head((session) -> url(session.getInt("object")))
								.headers(this.writes.headers())
								.check(header("ETag").optional().saveAs("etag")),
							200, 404)
						.doIf((session) -> !written(session.getInt("object"), session.contains("etag") ? session.getString("etag") : null))
						.then(LabHttp.call(this.recorder, "put",
								http("put").put((session) -> url(session.getInt("object")))
									.headers(this.writes.object())
									.body(ByteArrayBody((session) -> this.population.body(session.getInt("object")))),
								201)
							.exec((session) -> {
								if (!session.isFailed()) {
									this.written.increment();
									this.writtenBytes.add(this.population.size(session.getInt("object")));
								}
								return session;
							})))))
			.injectOpen(atOnceUsers(SvLoadPopulation.UPLOADERS)))
			.protocols(http.disableCaching())
			.maxDuration(Duration.ofSeconds(60 + objects / 20));
	}

	private String url(int object) {
		return this.store + this.population.path(object);
	}

	private boolean written(int object, String etag) {
		return etag != null && etag.replace("\"", "").equals(this.population.etag(object));
	}

	@Override
	public void before() {
		HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
		for (int account = 0; account < this.population.accounts(); account++) {
			PlainHttp.send(client, "PUT", this.store + this.population.container(account), new byte[0],
					this.writes.container());
		}
	}

	/** What it wrote, beside requests.csv (population.json), for the report's MB/s. */
	@Override
	public void after() {
		try {
			Files.writeString(this.recorder.directory().resolve(SvLoadPopulation.WRITTEN),
					"{\"objects\":" + this.written.sum() + ",\"bytes\":" + this.writtenBytes.sum() + "}");
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		this.recorder.finish();
	}

}

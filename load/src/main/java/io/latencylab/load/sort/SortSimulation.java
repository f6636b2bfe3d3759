package io.latencylab.load.sort;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Simulation;
import io.latencylab.load.LabHttp;
import io.latencylab.load.LoadRecorder;
import io.latencylab.plan.Parameters;
import io.latencylab.plan.Targets;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.during;
import static io.gatling.javaapi.core.CoreDsl.global;
import static io.gatling.javaapi.core.CoreDsl.pace;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

/**
 * Seed 004's clients (see {@link SortLoad}): lab.sort.clients clients (the study: 1, 10, 20, 30,
 * 40), each uploading a file of lab.sort.size integers (10,000 to 50,000) to be sorted with
 * lab.sort.algorithm for lab.sort.duration: back to back (closed model), or one upload every
 * lab.sort.pace (experiment 6). The file comes from the service's own generator with a fixed
 * seed, made once and kept beside the results. From a place (experiment 4), the uploads go to that
 * region's own address for the sort service, a proxy with its distance, when the runner set one.
 */
public class SortSimulation extends Simulation {

	final Parameters parameters = Parameters.fromSystem();

	final SortLoad profile = SortLoad.from(this.parameters);

	final LoadRecorder recorder = new LoadRecorder(this.profile.stepName(), this.parameters);

	final SortRequests requests = new SortRequests(this.parameters);

	// Made in before(), once the simulation really runs.
	volatile String numbers;

	{
		// From a place (experiment 4): through that region's own proxy when the runner emulates its distance.
		String sortUrl = this.profile.placed()
				? this.parameters.get(Targets.inRegion(this.profile.place(), Targets.SORT), this.requests.sortUrl())
				: this.requests.sortUrl();
		ChainBuilder upload = LabHttp.call(this.recorder, "sort " + this.profile.algorithm(),
				this.requests.sort(sortUrl, this.profile.algorithm(), () -> this.numbers));
		// Closed model: each client uploads again as soon as its last upload is answered, on its own
		// connection, as the warm-up's windows do, so exactly `clients` are in flight (not interrupted
		// mid-upload: each last one is answered and recorded).
		// Paced: every client uploads once a pace, all at once, as the study's clients did.
		PopulationBuilder clients = this.profile.paced()
				? scenario("sort clients").exec(during(this.profile.duration()).on(pace(this.profile.pace()).exec(upload)))
					.injectOpen(atOnceUsers(this.profile.clients()))
				: scenario("sort clients").during(this.profile.duration(), false)
					.on(upload)
					.injectOpen(atOnceUsers(this.profile.clients()));
		// The warm-up windows' protocol: no HTTP cache, one connection a client.
		setUp(clients)
			.protocols(http.disableCaching().maxConnectionsPerHost(1))
			.maxDuration(this.profile.duration().plusSeconds(60))
			// A soak measures its availability: a failed upload is a figure there, not a failed step.
			.assertions(this.profile.paced() ? List.of() : List.of(global().failedRequests().count().is(0L)));
	}

	/** The generator's file for (n, seed), fetched once and reused by every run. */
	static String inputFile(Path dir, String sortUrl, int n, int seed) {
		Path file = dir.resolve("n" + n + "-seed" + seed + ".txt");
		try {
			if (!Files.exists(file)) {
				Files.createDirectories(file.getParent());
				HttpResponse<Path> response = HttpClient.newHttpClient()
					.send(HttpRequest.newBuilder(URI.create(sortUrl + "/generate?n=" + n + "&seed=" + seed)).build(),
							HttpResponse.BodyHandlers.ofFile(file));
				if (response.statusCode() != 200) {
					Files.delete(file);
					throw new IllegalStateException("the generator answered " + response.statusCode());
				}
			}
			return Files.readString(file);
		}
		catch (IOException ex) {
			throw new IllegalStateException("cannot make the input file from " + sortUrl + "/generate", ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	@Override
	public void before() {
		this.numbers = inputFile(Path.of(this.parameters.resultsDir()).resolveSibling("sort-input"),
				this.requests.sortUrl(), this.profile.size(), this.profile.seed());
	}

	@Override
	public void after() {
		this.recorder.finish();
	}

}

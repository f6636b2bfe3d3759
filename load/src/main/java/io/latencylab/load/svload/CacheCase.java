package io.latencylab.load.svload;


import java.time.Duration;

import io.latencylab.plan.Parameter;
import io.latencylab.plan.Parameters;
import io.latencylab.plan.Plan;
import io.latencylab.plan.Step;

/**
 * One of seed 003's test cases (its Table I): TC0 to TC23, protocol (HTTP for 0-11, HTTPS for
 * 12-23) × URL (the same for all requests, or a different one each) × load (without: each client
 * sends one request; with: each sends {@code requestsPerClient} at once) × server (the store
 * itself, a cache hit, a cache miss). A burst of every client's requests at once, each on a new
 * connection as the study's clients opened them, repeated {@code rounds} times. While the bursts
 * run, curl reads {@link #PROBES_PER_ROUND} objects a round, started with the burst, as the
 * study's scripts read beside its JMeter load, for curl's phase timings.
 *
 * @param firstObject the first of the population's objects the case reads (see {@link #objects})
 */
public record CacheCase(int id, int clients, int requestsPerClient, int rounds, int firstObject) {

	public enum Server {

		BACKEND("backend"), HIT("cache hit"), MISS("cache miss");

		private final String label;

		Server(String label) {
			this.label = label;
		}

		public String label() {
			return this.label;
		}

	}

	public static final Parameter<Integer> CASE = Parameter.integer("lab.svload.case");

	public static final Parameter<Integer> CLIENTS = Parameter.integer("lab.svload.clients");

	public static final Parameter<Integer> REQUESTS_PER_CLIENT = Parameter.integer("lab.svload.requests-per-client");

	public static final Parameter<Integer> ROUNDS = Parameter.integer("lab.svload.rounds");

	public static final Parameter<Integer> FIRST_OBJECT = Parameter.integer("lab.svload.first-object");

	/** curl's requests per round, started at once with the burst. */
	public static final int PROBES_PER_ROUND = 5;

	/** The file beside a step's requests.csv with curl's phase timings, one line a request. */
	public static final String CURL_PHASES = "curl-phases.csv";

	/** The file beside a step's requests.csv with the cache's answers counted: {"HIT":n,"MISS":m,"none":k}. */
	public static final String CACHE_ANSWERS = "x-cache.json";

	/** Between one round's burst and the next: the last round's connections closed, the cache quiet. */
	public static final Duration PAUSE = Duration.ofSeconds(1);

	public CacheCase {
		if (id < 0 || id > 23) {
			throw new IllegalArgumentException("seed 003's test cases are TC0 to TC23, not TC" + id);
		}
		if (!valid(id)) {
			throw new IllegalArgumentException("TC" + id + " is one the study left out: a cache miss on the same URL");
		}
		if (clients < 1 || requestsPerClient < 1 || rounds < 1 || firstObject < 0) {
			throw new IllegalArgumentException("clients, requests per client and rounds are 1 or more");
		}
	}

	public static CacheCase from(Parameters p) {
		return new CacheCase(p.get(CASE, 0), p.get(CLIENTS, 10), p.get(REQUESTS_PER_CLIENT, 20), p.get(ROUNDS, 3),
				p.get(FIRST_OBJECT, 0));
	}

	/** TC4, TC5, TC16 and TC17 cannot be: a URL read once is no longer a miss the next time. */
	public static boolean valid(int id) {
		return !(sameUrl(id) && server(id) == Server.MISS);
	}

	public boolean https() {
		return this.id >= 12;
	}

	public boolean sameUrl() {
		return sameUrl(this.id);
	}

	public boolean withLoad() {
		return this.id % 2 == 1;
	}

	public Server server() {
		return server(this.id);
	}

	private static boolean sameUrl(int id) {
		return id % 12 < 6;
	}

	/** Table I's order: backend, hit, miss for the same URL (TC0-5); backend, miss, hit for different ones (TC6-11). */
	private static Server server(int id) {
		int pair = (id % 12) / 2;
		return switch (pair) {
			case 0, 3 -> Server.BACKEND;
			case 1, 5 -> Server.HIT;
			default -> Server.MISS;
		};
	}

	/** Requests in one round's burst: every client's at once. */
	public int burst() {
		return this.clients * (withLoad() ? this.requestsPerClient : 1);
	}

	public int probes() {
		return this.rounds * PROBES_PER_ROUND;
	}

	/**
	 * How many of the population's objects, from {@link #firstObject}, the case reads: one for the
	 * same URL; one per request of a burst for different URLs (curl reads them too); for a cache
	 * miss, one per request of the whole case, curl's included, as a miss reads each object once.
	 */
	public int objects() {
		if (sameUrl()) {
			return 1;
		}
		return (server() == Server.MISS) ? burst() * this.rounds + probes() : burst();
	}

	public String label() {
		return "TC" + this.id;
	}

	public String description() {
		return (https() ? "HTTPS" : "HTTP") + ", " + (sameUrl() ? "same URL" : "different URLs") + ", "
				+ (withLoad() ? "with load" : "without load") + ", " + server().label();
	}

	public String stepName() {
		return "svload-tc" + this.id;
	}

	/**
	 * The case's step, reading its objects from {@code population}, with the store and cache in the
	 * tuning named {@code tuning} ("before" or "after", see {@link Plan#TUNING}).
	 */
	public Step step(SvLoadPopulation population, String tuning) {
		if (this.firstObject + objects() > population.objects()) {
			throw new IllegalArgumentException(label() + " reads objects " + this.firstObject + " to "
					+ (this.firstObject + objects() - 1) + ", beyond a population of " + population.objects());
		}
		Step.Builder step = population
			.setOn(Step.of(stepName() + "-" + tuning, ObjectCacheSimulation.class))
			.set(Plan.TUNING, tuning);
		if (server() == Server.HIT) {
			// Varnish answers a hit from memory: the store, the one traced service here, never sees it.
			step.set(Plan.UNTRACED, true);
		}
		return step
			.set(CASE, this.id)
			.set(CLIENTS, this.clients)
			.set(REQUESTS_PER_CLIENT, this.requestsPerClient)
			.set(ROUNDS, this.rounds)
			.set(FIRST_OBJECT, this.firstObject)
			// Before the bursts: a HEAD for each object, a read or a purge through the cache.
			.lasting(PAUSE.multipliedBy(this.rounds + 2).plusMillis(2L * objects()));
	}

}

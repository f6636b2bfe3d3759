package io.latencylab.load.svload;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

import io.latencylab.plan.Parameter;
import io.latencylab.plan.Parameters;
import io.latencylab.plan.Step;

/**
 * Seed 003's objects: "10,000 accounts and 10,000 containers [...] around 55,000 image files". Each
 * account has one container, {@code images}; object {@code i} lives in account {@code i % accounts}.
 * The study gives no sizes; ours are log-normal around a median of 100 KiB (σ 0.6 of the log, kept
 * within 8 KiB and 1 MiB: the spread of photos on the web). An object's size and bytes follow from
 * its index and the seed alone, so every run, and every process of a run, makes the same ones and
 * can tell from an ETag whether the store already holds one.
 */
public record SvLoadPopulation(int accounts, int objects, long seed) {

	public static final Parameter<Integer> ACCOUNTS = Parameter.integer("lab.svload.accounts");

	public static final Parameter<Integer> OBJECTS = Parameter.integer("lab.svload.objects");

	/** The study's own counts. */
	public static final SvLoadPopulation STUDY = new SvLoadPopulation(10_000, 55_000, 3);

	/** A 25th of the study's: as many objects per container, 275 MB instead of 6.75 GB. */
	public static final SvLoadPopulation LAPTOP = new SvLoadPopulation(400, 2_200, 3);

	/** Clients writing the population at once: enough to keep the store's disk and both cores busy. */
	public static final int UPLOADERS = 4;

	/** The file beside the population step's requests.csv: {"objects":written,"bytes":theirs}. */
	public static final String WRITTEN = "population.json";

	static final int MEDIAN_BYTES = 100 * 1024;

	static final double SIGMA = 0.6;

	static final int MIN_BYTES = 8 * 1024;

	static final int MAX_BYTES = 1024 * 1024;

	public SvLoadPopulation {
		if (accounts < 1 || objects < accounts) {
			throw new IllegalArgumentException("a population has an account or more and an object per account or more, not "
					+ accounts + " accounts and " + objects + " objects");
		}
	}

	public static SvLoadPopulation from(Parameters p) {
		return new SvLoadPopulation(p.get(ACCOUNTS, LAPTOP.accounts), p.get(OBJECTS, LAPTOP.objects), LAPTOP.seed);
	}

	public Step.Builder setOn(Step.Builder step) {
		return step.set(ACCOUNTS, this.accounts).set(OBJECTS, this.objects);
	}

	/**
	 * The container of account {@code account}: {@code /v1/AUTH_svload-00042/images}. "AUTH_" is the
	 * prefix of the accounts Swift's tempauth serves; the lab's own store takes any name.
	 */
	public String container(int account) {
		return String.format(Locale.ROOT, "/v1/AUTH_svload-%05d/images", account);
	}

	/** Object {@code i}'s path: {@code /v1/AUTH_svload-00042/images/image-00442.jpg}. */
	public String path(int i) {
		check(i);
		return container(i % this.accounts) + String.format(Locale.ROOT, "/image-%05d.jpg", i);
	}

	public int size(int i) {
		check(i);
		double bytes = MEDIAN_BYTES * Math.exp(SIGMA * random(i, 0).nextGaussian());
		return (int) Math.clamp(Math.round(bytes), MIN_BYTES, MAX_BYTES);
	}

	public byte[] body(int i) {
		byte[] body = new byte[size(i)];
		random(i, 1).nextBytes(body);
		return body;
	}

	/** The MD5 of object {@code i}'s bytes, in hex: the ETag the store answers for it. */
	public String etag(int i) {
		try {
			return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(body(i)));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/** The bytes of objects {@code from} (inclusive) to {@code to} (exclusive). */
	public long bytes(int from, int to) {
		return IntStream.range(from, to).mapToLong(this::size).sum();
	}

	private SplittableRandom random(int i, int stream) {
		return new SplittableRandom(this.seed * 1_000_003L + 2L * i + stream);
	}

	private void check(int i) {
		if (i < 0 || i >= this.objects) {
			throw new IndexOutOfBoundsException("object " + i + " of a population of " + this.objects);
		}
	}

}

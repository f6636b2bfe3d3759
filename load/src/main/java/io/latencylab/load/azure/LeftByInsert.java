package io.latencylab.load.azure;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What seed 002's delete removes: the entities insert left, found before the step. When they run
 * out, each further delete makes its entity first, uncounted; how many did is told after the step.
 */
final class LeftByInsert {

	private final Queue<String> rowKeys = new ConcurrentLinkedQueue<>();

	private final AtomicLong setUps = new AtomicLong();

	void add(String rowKey) {
		this.rowKeys.add(rowKey);
	}

	/** The next row key to delete, or null when insert's are used up (one more set-up then). */
	String next() {
		String rowKey = this.rowKeys.poll();
		if (rowKey == null) {
			this.setUps.incrementAndGet();
		}
		return rowKey;
	}

	int left() {
		return this.rowKeys.size();
	}

	long setUps() {
		return this.setUps.get();
	}

	void tell(String table) {
		System.out.printf("%s: %,d entities left by insert not deleted; %,d deletes made their entity first (not counted)%n",
				table, left(), setUps());
	}

}

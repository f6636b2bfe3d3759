package io.latencylab.it;

import java.util.Map;
import java.util.TreeMap;

/**
 * One line of figures per fault survived, the same for every fault test, so that the suite's
 * output (and CI's log) says what load each fault ran under and what the invariants came to.
 *
 * @param fault what was done
 * @param load the load it ran under
 * @param seconds how long the load ran
 * @param answers HTTP answers by status
 * @param noAnswer calls that got no HTTP answer
 * @param acknowledged orders whose number a client was told
 * @param lost acknowledged orders that could not be read afterwards
 * @param taken stock taken
 * @param completed quantity held by the completed orders
 */
record FaultFigures(String fault, String load, double seconds, Map<Integer, Integer> answers, int noAnswer,
		int acknowledged, int lost, int taken, int completed) {

	long otherServerErrors() {
		return this.answers.entrySet().stream().filter((e) -> e.getKey() >= 500 && e.getKey() != 503)
			.mapToLong(Map.Entry::getValue).sum();
	}

	String line() {
		int calls = this.answers.values().stream().mapToInt(Integer::intValue).sum() + this.noAnswer;
		return String.format(
				"fault figures | %s | load: %s, %d calls in %.1f s | answers %s, no answer %d | 5xx other than 503: %d"
						+ " | acknowledged orders %d, lost %d | stock taken %d, completed orders hold %d",
				this.fault, this.load, calls, this.seconds, new TreeMap<>(this.answers), this.noAnswer,
				otherServerErrors(), this.acknowledged, this.lost, this.taken, this.completed);
	}

}

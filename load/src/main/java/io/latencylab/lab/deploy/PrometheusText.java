package io.latencylab.lab.deploy;

/** Reads one value from the Prometheus text format that /actuator/prometheus serves. */
public final class PrometheusText {

	private PrometheusText() {
	}

	/** The sum of every sample of the metric (all label sets), or NaN when it is not there. */
	public static double value(String text, String metric) {
		double sum = 0;
		boolean found = false;
		for (String line : text.split("\n")) {
			boolean sample = line.startsWith(metric) && line.length() > metric.length()
					&& (line.charAt(metric.length()) == ' ' || line.charAt(metric.length()) == '{');
			if (sample) {
				// The value follows the labels (whose values may hold spaces); a timestamp may follow it.
				String rest = line.contains("}") ? line.substring(line.lastIndexOf('}') + 1) : line.substring(metric.length());
				try {
					sum += Double.parseDouble(rest.trim().split("\\s+")[0]);
					found = true;
				}
				catch (NumberFormatException ex) {
					// Not a sample line.
				}
			}
		}
		return found ? sum : Double.NaN;
	}

}

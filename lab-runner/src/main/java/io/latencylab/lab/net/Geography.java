package io.latencylab.lab.net;

import java.time.Duration;

/**
 * The least round trip two places can have: twice their great-circle distance at the speed of
 * light in optical fibre, about 200 km a millisecond (the fibre's refractive index is about 1.47).
 * A floor, not a forecast: routes are longer than great circles and routers add their own time;
 * Internet round trips measured between continents run 1.5 to 3 times this floor (Martínez,
 * Hernández, Reviriego, Reinheimer, "Round Trip Time (RTT) Delay in the Internet: Analysis and
 * Trends", arXiv 2301.07788, 2023).
 */
public final class Geography {

	/** Light in optical fibre: about 200 km a millisecond. */
	static final double FIBRE_KM_PER_MS = 200;

	/** The mean radius of the Earth. */
	static final double EARTH_RADIUS_KM = 6371.0;

	/** A place by its latitude and longitude in degrees. */
	public record Place(String name, double latitude, double longitude) {
	}

	private Geography() {
	}

	/** The great-circle distance (haversine). */
	public static double kilometres(Place a, Place b) {
		double phi1 = Math.toRadians(a.latitude());
		double phi2 = Math.toRadians(b.latitude());
		double dPhi = phi2 - phi1;
		double dLambda = Math.toRadians(b.longitude() - a.longitude());
		double h = Math.sin(dPhi / 2) * Math.sin(dPhi / 2)
				+ Math.cos(phi1) * Math.cos(phi2) * Math.sin(dLambda / 2) * Math.sin(dLambda / 2);
		return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(h));
	}

	/** The floor of a round trip between two places, to the millisecond. */
	public static Duration floorRoundTrip(Place a, Place b) {
		return Duration.ofMillis(Math.round(2 * kilometres(a, b) / FIBRE_KM_PER_MS));
	}

}

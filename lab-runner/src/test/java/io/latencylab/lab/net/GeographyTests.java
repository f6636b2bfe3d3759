package io.latencylab.lab.net;

import java.time.Duration;

import io.latencylab.lab.net.Geography.Place;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class GeographyTests {

	private static final Place LONDON = new Place("London", 51.5074, -0.1278);

	private static final Place NEW_YORK = new Place("New York", 40.7128, -74.0060);

	@Test
	void aGreatCircleAsAtlasesGiveIt() {
		// London to New York: 5,570 km along the great circle.
		assertThat(Geography.kilometres(LONDON, NEW_YORK)).isCloseTo(5570, within(10.0));
		assertThat(Geography.kilometres(NEW_YORK, LONDON)).isEqualTo(Geography.kilometres(LONDON, NEW_YORK));
		assertThat(Geography.kilometres(LONDON, LONDON)).isZero();
	}

	@Test
	void theFloorOfARoundTripIsTheWayThereAndBackAtTheSpeedOfLightInFibre() {
		// 2 × 5,570 km at 200 km/ms; measured London-New York round trips are near 70 ms.
		assertThat(Geography.floorRoundTrip(LONDON, NEW_YORK)).isEqualTo(Duration.ofMillis(56));
	}

}

package io.latencylab.telemetry;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/** The retention and the syncs, on a real H2 file database. */
class H2FileSyncTests {

	@TempDir
	Path dir;

	@Test
	void setsTheRetentionAndSyncsAQuarterOfItApartUntilStopped() throws Exception {
		String url = "jdbc:h2:file:" + this.dir.resolve("db") + ";WRITE_DELAY=0";
		// The pool's connection, as in a service: the database is open before the sync starts.
		try (Connection pool = DriverManager.getConnection(url, "sa", "")) {
			H2FileSync sync = new H2FileSync(url, "sa", "", Duration.ofMillis(400));
			assertThat(sync.interval()).isEqualTo(Duration.ofMillis(100));
			sync.start();
			try {
				assertThat(setting(pool, "RETENTION_TIME")).isEqualTo("400");
				long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
				while (sync.syncs() < 3 && System.nanoTime() < deadline) {
					Thread.sleep(20);
				}
				assertThat(sync.syncs()).isGreaterThanOrEqualTo(3);
			}
			finally {
				sync.stop();
			}
			assertThat(sync.isRunning()).isFalse();
			long afterStop = sync.syncs();
			Thread.sleep(300);
			assertThat(sync.syncs()).isEqualTo(afterStop);
			// The pool's connection still works: stopping closed only the sync's own.
			assertThat(setting(pool, "WRITE_DELAY")).isEqualTo("0");
		}
	}

	@Test
	void refusesARetentionTooShortToSyncWithin() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new H2FileSync("jdbc:h2:file:/x", "sa", "", Duration.ofMillis(50)))
			.withMessageContaining("lab.h2.retention");
	}

	@Test
	void onlyForAnH2FileDatabase() {
		ApplicationContextRunner contexts = new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(TelemetryAutoConfiguration.class))
			.withPropertyValues("lab.traces.file.enabled=false");
		contexts
			.withPropertyValues("spring.datasource.url=jdbc:h2:file:" + this.dir.resolve("auto"),
					"lab.h2.retention=3s")
			.run((context) -> {
				assertThat(context).hasSingleBean(H2FileSync.class);
				assertThat(context.getBean(H2FileSync.class).interval()).isEqualTo(Duration.ofMillis(750));
			});
		contexts.withPropertyValues("spring.datasource.url=jdbc:h2:mem:test")
			.run((context) -> assertThat(context).doesNotHaveBean(H2FileSync.class));
		contexts.withPropertyValues("spring.datasource.url=jdbc:postgresql://127.0.0.1:5432/catalog")
			.run((context) -> assertThat(context).doesNotHaveBean(H2FileSync.class));
		contexts.run((context) -> assertThat(context).doesNotHaveBean(H2FileSync.class));
	}

	private static String setting(Connection connection, String name) throws Exception {
		try (Statement statement = connection.createStatement();
				ResultSet rows = statement.executeQuery(
						"select setting_value from information_schema.settings where setting_name = '" + name + "'")) {
			assertThat(rows.next()).as(name).isTrue();
			return rows.getString(1);
		}
	}

}

package io.latencylab.lab.study.svload;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Seed 003's tunings as the bare services and compose take them. */
class TuningTests {

	@Test
	void beforeIsEveryDefault() {
		assertThat(Tuning.BEFORE.storeArguments()).isEmpty();
		assertThat(Tuning.BEFORE.storeJson()).isEqualTo("{}");
		assertThat(Tuning.BEFORE.varnishArguments()).isEmpty();
	}

	@Test
	void afterIsTheStudysVarnishSettingsAndALongerAcceptQueue() {
		assertThat(Tuning.AFTER.varnishParameters()).contains("thread_pool_min=400", "thread_queue_limit=100",
				"listen_depth=4096");
		assertThat(Tuning.AFTER.varnishArguments()).startsWith("-p thread_pool_min=400 -p thread_pool_max=5000");
		assertThat(Tuning.AFTER.storeArguments()).contains("--server.tomcat.accept-count=4096");
		assertThat(Tuning.AFTER.storeJson()).contains("\"server.tomcat.accept-count\":\"4096\"");
		assertThat(Tuning.named("after")).isSameAs(Tuning.AFTER);
	}

}

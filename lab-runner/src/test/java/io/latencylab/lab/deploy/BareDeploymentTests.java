package io.latencylab.lab.deploy;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class BareDeploymentTests {

	@Test
	void bareServicesListenOnLoopbackUnlessLabBindOpensThem() {
		assertThat(BareDeployment.bindAddress(null)).isEqualTo("127.0.0.1");
		assertThat(BareDeployment.bindAddress(" ")).isEqualTo("127.0.0.1");
		assertThat(BareDeployment.bindAddress("0.0.0.0")).isEqualTo("0.0.0.0");
		assertThatIllegalArgumentException().isThrownBy(() -> BareDeployment.bindAddress("192.168.1.5"))
			.withMessageContaining("LAB_BIND=192.168.1.5")
			.withMessageContaining("127.0.0.1 (the default) or on 0.0.0.0");
	}

}

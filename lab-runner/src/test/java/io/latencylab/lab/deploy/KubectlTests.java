package io.latencylab.lab.deploy;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** What a failed kubectl said, as the lab repeats it: kubectl's own words, not client-go's retries. */
class KubectlTests {

	@Test
	void anUnreachableApiServerIsSaidOnceWithoutTheRetriesLog() {
		String retry = "E1204 21:48:16.630249   15814 memcache.go:265] \"Unhandled Error\" err=\"couldn't get current server API "
				+ "group list: Get \\\"http://localhost:8080/api?timeout=32s\\\": dial tcp 127.0.0.1:8080: connect: connection refused\"";
		String output = retry + "\n" + retry.replace("630249", "631599") + "\n" + retry.replace("630249", "633012") + "\n"
				+ "The connection to the server localhost:8080 was refused - did you specify the right host or port?\n";
		assertThat(Kubectl.said(output))
			.isEqualTo("The connection to the server localhost:8080 was refused - did you specify the right host or port?");
	}

	@Test
	void aLogOnlyAnswerIsKeptEachLineOnce() {
		String line = "W1204 21:50:01.000001   100 loader.go:223] Config not found: /root/.kube/config";
		assertThat(Kubectl.said(line + "\n" + line + "\n\n")).isEqualTo(line);
	}

	@Test
	void kubectlsOwnErrorsAreKeptInOrder() {
		String output = "Error from server (NotFound): namespaces \"latency-lab\" not found\n"
				+ "error: one more thing\n";
		assertThat(Kubectl.said(output)).isEqualTo("Error from server (NotFound): namespaces \"latency-lab\" not found\n"
				+ "error: one more thing");
	}

}

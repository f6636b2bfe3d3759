package io.latencylab.lab.deploy;

/**
 * Where a bare service listens, HTTP, actuator and gRPC alike: loopback, as compose publishes its
 * ports, unless LAB_BIND says 0.0.0.0 (every interface: anyone on the network could buy toys and
 * read the metrics). Nothing else: the services reach each other on 127.0.0.1.
 */
final class BindAddress {

	private BindAddress() {
	}

	static String of(String labBind) {
		if (labBind == null || labBind.isBlank()) {
			return "127.0.0.1";
		}
		String bind = labBind.strip();
		if (!bind.equals("127.0.0.1") && !bind.equals("0.0.0.0")) {
			throw new IllegalArgumentException("LAB_BIND=" + bind + ": bare services listen on 127.0.0.1 (the default) "
					+ "or on 0.0.0.0 (every interface), since they reach each other on 127.0.0.1");
		}
		return bind;
	}

}

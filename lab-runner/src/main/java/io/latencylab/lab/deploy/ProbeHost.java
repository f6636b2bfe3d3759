package io.latencylab.lab.deploy;

import java.io.IOException;
import java.nio.file.Path;

/** Where the network probe's server can run beside the services, on the network they have. */
@FunctionalInterface
public interface ProbeHost {

	/** Starts the probe's server (the JDK's file server, serving {@code files} on NetworkProbe.PORT); closing stops it. */
	AutoCloseable startProbeServer(Path files) throws IOException, InterruptedException;

}

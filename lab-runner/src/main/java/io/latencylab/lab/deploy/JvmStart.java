package io.latencylab.lab.deploy;

/** How a bare deployment's services' JVMs start, as far as their start-up cache goes. */
public enum JvmStart {

	/** From each service's AOT cache where one was recorded for its jar and this JDK; cold where not. */
	FROM_CACHE,
	/** Cold: the extracted jars without a cache, as before any training run. */
	COLD,
	/** Recording each service's cache, which its JVM writes when it exits (a training run). */
	RECORDING

}

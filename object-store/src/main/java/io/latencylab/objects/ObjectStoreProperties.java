package io.latencylab.objects;

import java.nio.file.Path;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** @param root the folder that holds every account's containers and objects */
@ConfigurationProperties("objects")
record ObjectStoreProperties(Path root) {
}

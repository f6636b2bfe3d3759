package io.latencylab.meals.rest;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * @param cacheMaxAge {@code Cache-Control: max-age} of GET responses, for the cache tier that can
 * sit in front; 0 makes every reuse revalidate with the ETag
 */
@ConfigurationProperties("meals.rest")
public record MealsRestProperties(@DefaultValue("0s") Duration cacheMaxAge) {
}

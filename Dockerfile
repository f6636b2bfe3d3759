# One Dockerfile for every service: docker build --build-arg MODULE=<module> .
# The jars are built on the host first (./mvnw -DskipTests package): the image build then needs
# no Maven, no dependency download and no JDK, and rebuilds in seconds.

# The JRE's feature version: 21 (the project's) unless a run compares containers with bare JVMs,
# which builds with the bare side's (./lab run … --compare bare,compose sets LAB_JAVA_VERSION).
ARG JAVA_VERSION=21

FROM eclipse-temurin:${JAVA_VERSION}-jre AS extract
ARG MODULE
WORKDIR /build
COPY ${MODULE}/target/ target/
# Spring Boot's extracted form (application.jar and lib/, no launcher): the JVM's class cache can
# only hold classes loaded from plain jars on the class path, never from the launcher's nested ones.
RUN set -e; jar=$(ls target/*-exec.jar 2>/dev/null | head -n 1); \
    if [ -z "$jar" ]; then echo "no runnable jar in ${MODULE}/target: run ./mvnw -DskipTests package first" >&2; exit 1; fi; \
    cp "$jar" application.jar; \
    java -Djarmode=tools -jar application.jar extract --layers --destination extracted

FROM eclipse-temurin:${JAVA_VERSION}-jre
ARG MODULE
# The HTTP port the service answers on (its NAME_PORT in .env), for EXPOSE and the health check.
ARG PORT
ENV LAB_PORT=${PORT}
RUN useradd --system --uid 10001 --home-dir /app --shell /usr/sbin/nologin lab
WORKDIR /app
# Spring Boot's layers, least to most often changed, so a code change rebuilds one thin layer.
COPY --from=extract /build/extracted/dependencies/ ./
COPY --from=extract /build/extracted/spring-boot-loader/ ./
COPY --from=extract /build/extracted/snapshot-dependencies/ ./
COPY --from=extract /build/extracted/application/ ./
COPY ops/image/start-service /app/start-service
# The start-up cache, recorded by a training run in the image's own JVM and class path, which is
# what makes it valid where the image runs (what it runs and how: the script's header).
COPY ops/image/record-start-cache /app/record-start-cache
RUN ./record-start-cache && rm record-start-cache && mkdir -p /app/data /app/runs && chown -R lab /app/data /app/runs
USER lab
EXPOSE ${PORT}
# Container-aware heap: a share of the container's memory limit, not of the host's.
# LAB_START_CACHE=off starts the JVM without the start-up cache (./lab up --compose --no-aot-cache).
ENV JAVA_TOOL_OPTIONS="-XX:MaxRAMPercentage=75 -XX:+ExitOnOutOfMemoryError" \
    LAB_DEPLOYMENT_ENVIRONMENT=compose \
    LAB_START_CACHE=on
# Readiness over plain bash /dev/tcp: the image needs no curl or wget. The start period fits a cold
# start with the whole lab starting at once: on 2 cores, ten containers at one CPU each, the catalog
# took 77.5 s and was called unhealthy at a 60 s start period. A check that passes ends the start
# period at once, so a long one costs a fast start nothing.
HEALTHCHECK --interval=5s --timeout=3s --start-period=240s --retries=3 \
  CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/${LAB_PORT} && printf 'GET /actuator/health/readiness HTTP/1.0\\r\\n\\r\\n' >&3 && grep -q '\"status\":\"UP\"' <&3"]
ENTRYPOINT ["/app/start-service"]

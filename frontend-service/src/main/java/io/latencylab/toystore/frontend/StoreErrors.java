package io.latencylab.toystore.frontend;

import java.io.IOException;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.latencylab.telemetry.BodyLimit;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.context.annotation.Bean;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.servlet.resource.NoResourceFoundException;

/**
 * Every error in the contract's shape, {"error":{"code":…,"message":…}}, with the same HTTP
 * status. Backend statuses map as: NOT_FOUND → 404, FAILED_PRECONDITION → 409 (insufficient
 * stock), INVALID_ARGUMENT → 400, UNAVAILABLE and DEADLINE_EXCEEDED → 503, as is the UNKNOWN of a call
 * whose connection was cut (the backend died under it). Nothing answers with a
 * stack trace.
 */
@RestControllerAdvice
class StoreErrors {

	private static final Logger logger = LoggerFactory.getLogger(StoreErrors.class);

	static ResponseEntity<StoreApi.ErrorBody> error(HttpStatus status, String message) {
		return ResponseEntity.status(status).body(StoreApi.ErrorBody.of(status.value(), message));
	}

	@ExceptionHandler(StoreException.class)
	ResponseEntity<StoreApi.ErrorBody> store(StoreException ex) {
		return error(ex.status(), ex.getMessage());
	}

	@ExceptionHandler(BodyLimit.TooLarge.class)
	ResponseEntity<StoreApi.ErrorBody> tooLarge(BodyLimit.TooLarge ex) {
		return error(HttpStatus.CONTENT_TOO_LARGE, ex.getMessage());
	}

	/** A body refused for its declared length, before anything reads it: in the course's error shape. */
	@Bean
	static BodyLimit.Refusal courseShapedRefusal(JsonMapper json) {
		return (request, response, refused) -> {
			response.setContentType("application/json");
			json.writeValue(response.getOutputStream(),
					StoreApi.ErrorBody.of(HttpStatus.CONTENT_TOO_LARGE.value(), refused.getMessage()));
		};
	}

	private static boolean connectionCut(Throwable ex) {
		for (Throwable cause = ex.getCause(); cause != null; cause = cause.getCause()) {
			if (cause instanceof IOException) {
				return true;
			}
		}
		return false;
	}

	@ExceptionHandler(StatusRuntimeException.class)
	ResponseEntity<StoreApi.ErrorBody> backend(StatusRuntimeException ex, HttpServletRequest request) {
		Status.Code code = ex.getStatus().getCode();
		if (code == Status.Code.UNKNOWN && connectionCut(ex)) {
			// gRPC's client answers UNKNOWN ("channel closed") for a call on a connection the backend's
			// death has just cut: the backend is down, not broken.
			return error(HttpStatus.SERVICE_UNAVAILABLE, "backend unavailable");
		}
		boolean order = request.getRequestURI().startsWith("/orders/") && "GET".equals(request.getMethod());
		return switch (code) {
			case NOT_FOUND -> error(HttpStatus.NOT_FOUND, order ? "order not found" : "product not found");
			case FAILED_PRECONDITION -> error(HttpStatus.CONFLICT, "insufficient stock");
			case INVALID_ARGUMENT -> error(HttpStatus.BAD_REQUEST, String.valueOf(ex.getStatus().getDescription()));
			case UNAVAILABLE, DEADLINE_EXCEEDED -> error(HttpStatus.SERVICE_UNAVAILABLE, "backend unavailable");
			default -> {
				logger.error("backend call failed", ex);
				yield error(HttpStatus.INTERNAL_SERVER_ERROR, "internal error");
			}
		};
	}

	@ExceptionHandler(NoResourceFoundException.class)
	ResponseEntity<StoreApi.ErrorBody> noSuchPath(NoResourceFoundException ex) {
		return error(HttpStatus.NOT_FOUND, "not found");
	}

	@ExceptionHandler(HttpRequestMethodNotSupportedException.class)
	ResponseEntity<StoreApi.ErrorBody> wrongMethod(HttpRequestMethodNotSupportedException ex) {
		return error(HttpStatus.METHOD_NOT_ALLOWED, "method " + ex.getMethod() + " not allowed");
	}

	@ExceptionHandler(Exception.class)
	ResponseEntity<StoreApi.ErrorBody> unexpected(Exception ex) {
		logger.error("request failed", ex);
		return error(HttpStatus.INTERNAL_SERVER_ERROR, "internal error");
	}

	/** Errors raised outside Spring MVC (by the servlet container) in the same shape. */
	@RestController
	static class ContainerErrors implements ErrorController {

		@RequestMapping("/error")
		ResponseEntity<StoreApi.ErrorBody> error(HttpServletRequest request) {
			Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
			if (code == null) {
				// Asked for by a client, not forwarded to by the container: there is no such page.
				return StoreErrors.error(HttpStatus.NOT_FOUND, "not found");
			}
			HttpStatus status = (code instanceof Integer value && HttpStatus.resolve(value) != null)
					? HttpStatus.valueOf(value) : HttpStatus.INTERNAL_SERVER_ERROR;
			return StoreErrors.error(status, status.is5xxServerError() ? "internal error" : status.getReasonPhrase());
		}

	}

}

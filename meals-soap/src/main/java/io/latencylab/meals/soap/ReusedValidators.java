package io.latencylab.meals.soap;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import javax.xml.XMLConstants;
import javax.xml.transform.Source;
import javax.xml.validation.Schema;
import javax.xml.validation.Validator;

import org.xml.sax.ErrorHandler;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

import org.springframework.core.io.Resource;
import org.springframework.xml.validation.SchemaLoaderUtils;
import org.springframework.xml.validation.ValidationErrorHandler;
import org.springframework.xml.validation.XmlValidationException;
import org.springframework.xml.validation.XmlValidator;

/**
 * Validation against one compiled schema, with JAXP validators kept for the next request. Spring-WS
 * builds a new {@link Validator} for every request (its XML Schema components, symbol tables and
 * grammar pool); keeping them took a getMeal from 611 to 540 µs of CPU (README, "Throughput
 * against nginx"). A validator is not thread-safe but may be reused once a validation has ended: each request
 * takes one from the queue, or builds one when none is idle, and gives it back afterwards. One
 * that threw is dropped, not reused.
 * <p>
 * A kept validator's settings never change: its error handler is set once, to a forwarder that
 * passes each request's errors to that request's handler. The JDK's validator re-reads its whole
 * configuration (schema loader, entity manager, error reporter) before a document whenever a
 * setting changed since the last one, and setting an error handler counts as a change; doing so
 * per request spent 10 % of meals-soap's CPU samples under getMeal in that reset.
 */
final class ReusedValidators implements XmlValidator {

	/** More than the requests one service handles at once on a few cores; extras are dropped. */
	static final int KEPT = 64;

	private final Schema schema;

	private final BlockingQueue<KeptValidator> idle = new ArrayBlockingQueue<>(KEPT);

	ReusedValidators(Schema schema) {
		this.schema = schema;
	}

	/** A validator of this XML Schema document, compiled once as Spring-WS compiles it. */
	static ReusedValidators of(Resource xsd) {
		try {
			return new ReusedValidators(SchemaLoaderUtils.loadSchema(xsd, XMLConstants.W3C_XML_SCHEMA_NS_URI));
		}
		catch (IOException | SAXException ex) {
			throw new XmlValidationException("Could not compile the schema " + xsd, ex);
		}
	}

	@Override
	public SAXParseException[] validate(Source source) throws IOException {
		return validate(source, null);
	}

	@Override
	public SAXParseException[] validate(Source source, ValidationErrorHandler errorHandler) throws IOException {
		ValidationErrorHandler errors = (errorHandler != null) ? errorHandler : new CollectedErrors();
		KeptValidator kept = take();
		kept.errors().target = errors;
		try {
			kept.validator().validate(source);
		}
		catch (SAXException ex) {
			throw new XmlValidationException("Could not validate source: " + ex.getMessage(), ex);
		}
		finally {
			kept.errors().target = null;
		}
		this.idle.offer(kept);
		return errors.getErrors();
	}

	/** Idle validators at the moment (for tests). */
	int idle() {
		return this.idle.size();
	}

	private KeptValidator take() throws XmlValidationException {
		KeptValidator kept = this.idle.poll();
		if (kept != null) {
			return kept;
		}
		Validator validator = this.schema.newValidator();
		ForwardedErrors errors = new ForwardedErrors();
		try {
			// As Spring-WS's own validator: nothing outside the schema is fetched.
			validator.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
			validator.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
		}
		catch (SAXException ex) {
			throw new XmlValidationException("the XML validator refuses to shut out external documents", ex);
		}
		validator.setErrorHandler(errors);
		return new KeptValidator(validator, errors);
	}

	private record KeptValidator(Validator validator, ForwardedErrors errors) {
	}

	/** The error handler a kept validator is given once; it passes errors to the current request's. */
	private static final class ForwardedErrors implements ErrorHandler {

		private ErrorHandler target;

		@Override
		public void warning(SAXParseException ex) throws SAXException {
			this.target.warning(ex);
		}

		@Override
		public void error(SAXParseException ex) throws SAXException {
			this.target.error(ex);
		}

		@Override
		public void fatalError(SAXParseException ex) throws SAXException {
			this.target.fatalError(ex);
		}

	}

	/** Errors and fatal errors are the request's problems; warnings are not. */
	private static final class CollectedErrors implements ValidationErrorHandler {

		private final List<SAXParseException> errors = new ArrayList<>();

		@Override
		public SAXParseException[] getErrors() {
			return this.errors.toArray(SAXParseException[]::new);
		}

		@Override
		public void warning(SAXParseException ex) {
		}

		@Override
		public void error(SAXParseException ex) {
			this.errors.add(ex);
		}

		@Override
		public void fatalError(SAXParseException ex) {
			this.errors.add(ex);
		}

	}

}

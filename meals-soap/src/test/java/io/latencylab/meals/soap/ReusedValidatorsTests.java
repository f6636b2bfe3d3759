package io.latencylab.meals.soap;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import javax.xml.transform.stream.StreamSource;

import org.junit.jupiter.api.Test;
import org.xml.sax.SAXParseException;

import org.springframework.core.io.ClassPathResource;
import org.springframework.xml.validation.ValidationErrorHandler;
import org.springframework.xml.validation.XmlValidationException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class ReusedValidatorsTests {

	private static final String VALID = "<m:getMealRequest xmlns:m=\"http://foodmenu.io/gt/webservice\">"
			+ "<m:name>Steak</m:name></m:getMealRequest>";

	private static final String INVALID = "<m:getMealRequest xmlns:m=\"http://foodmenu.io/gt/webservice\">"
			+ "<m:kcal>12</m:kcal></m:getMealRequest>";

	private final ReusedValidators validators = ReusedValidators.of(new ClassPathResource("meals.xsd"));

	@Test
	void oneValidatorServesRequestsOneAfterAnother() throws Exception {
		for (int i = 0; i < 5; i++) {
			assertThat(this.validators.validate(source(VALID))).isEmpty();
		}
		assertThat(this.validators.idle()).isEqualTo(1);
	}

	@Test
	void anInvalidRequestsErrorsStayWithThatRequest() throws Exception {
		SAXParseException[] errors = this.validators.validate(source(INVALID));
		assertThat(errors).isNotEmpty();
		assertThat(errors[0].getMessage()).contains("kcal");
		assertThat(this.validators.validate(source(VALID))).isEmpty();
		assertThat(this.validators.idle()).isEqualTo(1);
	}

	@Test
	void aCallersErrorHandlerGetsThatCallsErrorsOnly() throws Exception {
		List<String> seen = new ArrayList<>();
		ValidationErrorHandler handler = new ValidationErrorHandler() {
			@Override
			public SAXParseException[] getErrors() {
				return new SAXParseException[0];
			}

			@Override
			public void warning(SAXParseException ex) {
				seen.add("warning " + ex.getMessage());
			}

			@Override
			public void error(SAXParseException ex) {
				seen.add("error " + ex.getMessage());
			}

			@Override
			public void fatalError(SAXParseException ex) {
				seen.add("fatal " + ex.getMessage());
			}
		};
		this.validators.validate(source(INVALID), handler);
		assertThat(seen).isNotEmpty().allMatch((line) -> line.startsWith("error "));
		int afterInvalid = seen.size();
		this.validators.validate(source(VALID), handler);
		assertThat(seen).hasSize(afterInvalid);
		// The same kept validator, now without a handler of the caller's: the errors are returned.
		assertThat(this.validators.validate(source(INVALID))).isNotEmpty();
		assertThat(seen).hasSize(afterInvalid);
		assertThat(this.validators.idle()).isEqualTo(1);
	}

	@Test
	void aValidatorThatThrewIsNotReused() throws Exception {
		this.validators.validate(source(VALID));
		assertThatExceptionOfType(XmlValidationException.class)
			.isThrownBy(() -> this.validators.validate(source("<m:getMealRequest xmlns:m=\"urn:x\"><broken")));
		assertThat(this.validators.idle()).isZero();
		assertThat(this.validators.validate(source(VALID))).isEmpty();
	}

	@Test
	void requestsAtOnceEachGetAValidatorOfTheirOwn() throws Exception {
		ExecutorService threads = Executors.newFixedThreadPool(8);
		try {
			Callable<Integer> validate = () -> {
				int errors = 0;
				for (int i = 0; i < 200; i++) {
					boolean valid = (i % 2 == 0);
					int found = this.validators.validate(source(valid ? VALID : INVALID)).length;
					errors += (valid == (found == 0)) ? 0 : 1;
				}
				return errors;
			};
			var results = threads.invokeAll(IntStream.range(0, 8).mapToObj((i) -> validate).toList());
			for (Future<Integer> result : results) {
				assertThat(result.get()).isZero();
			}
		}
		finally {
			threads.shutdownNow();
		}
		assertThat(this.validators.idle()).isBetween(1, 8);
	}

	private static StreamSource source(String xml) {
		return new StreamSource(new StringReader(xml));
	}

}

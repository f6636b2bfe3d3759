package io.latencylab.sort;

import java.io.InputStream;
import java.io.OutputStream;
import java.util.Map;

import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.json.JsonFactory;

import org.springframework.http.HttpStatus;

/** A JSON array of 32-bit integers, read and written with Jackson's streaming parser and generator. */
final class IntegerJson {

	private static final JsonFactory JSON = new JsonFactory();

	private IntegerJson() {
	}

	static int[] read(InputStream in, SortAlgorithm algorithm, int maxN) {
		IntArrayBuilder values = new IntArrayBuilder();
		try (JsonParser parser = JSON.createParser(ObjectReadContext.empty(), in)) {
			JsonToken first = parser.nextToken();
			if (first != JsonToken.START_ARRAY) {
				throw new SortRequestException(HttpStatus.BAD_REQUEST, "Not a JSON array",
						"the body must be a JSON array of integers, such as [3, 1, 2]", Map.of());
			}
			long index = 0;
			for (JsonToken token = parser.nextToken(); token != JsonToken.END_ARRAY; token = parser.nextToken(), index++) {
				long offset = parser.currentTokenLocation().getByteOffset();
				if (token != JsonToken.VALUE_NUMBER_INT || parser.getNumberType() != JsonParser.NumberType.INT) {
					throw SortRequestException.badToken(index, offset, echo(parser, token));
				}
				if (values.size() == maxN) {
					throw SortRequestException.tooMany(algorithm, maxN);
				}
				values.add(parser.getIntValue());
			}
			if (parser.nextToken() != null) {
				throw new SortRequestException(HttpStatus.BAD_REQUEST, "Malformed JSON",
						"there is content after the closing ]", Map.of());
			}
		}
		catch (JacksonException ex) {
			throw new SortRequestException(HttpStatus.BAD_REQUEST, "Malformed JSON",
					ex.getOriginalMessage(), Map.of());
		}
		return values.toArray();
	}

	private static String echo(JsonParser parser, JsonToken token) {
		String text = (token != null && token.isScalarValue()) ? parser.getString() : String.valueOf(token);
		return (text.length() > 32) ? text.substring(0, 32) : text;
	}

	static void write(int[] values, OutputStream out) {
		try (JsonGenerator generator = JSON.createGenerator(ObjectWriteContext.empty(), out)) {
			generator.writeStartArray();
			for (int value : values) {
				generator.writeNumber(value);
			}
			generator.writeEndArray();
		}
	}

}

package io.latencylab.tables;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.swagger.v3.oas.annotations.responses.ApiResponse;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The table API, after the study's Azure Table operations: create and drop a table; insert,
 * query (by partition and row key), update (unconditional, or If-Match an ETag) and delete an
 * entity; list a partition's keys.
 */
@RestController
@RequestMapping("/tables")
class TableController {

	/** The most keys one listing returns. */
	static final int MAX_KEYS = 100_000;

	/** A new entity: its keys and its properties, a JSON object. */
	record NewEntity(String partitionKey, String rowKey, JsonNode properties) {
	}

	/** An update: the entity's new properties. */
	record Update(JsonNode properties) {
	}

	private final EntityStore store;

	private final JsonMapper json;

	TableController(EntityStore store, JsonMapper json) {
		this.store = store;
		this.json = json;
	}

	@ApiResponse(responseCode = "201", description = "Created")
	@ApiResponse(responseCode = "204", description = "The table existed already")
	@PutMapping("/{table}")
	ResponseEntity<Void> createTable(@PathVariable String table) {
		boolean created = this.store.createTable(TableRules.table(table));
		return created ? ResponseEntity.created(URI.create("/tables/" + table)).build() : ResponseEntity.noContent().build();
	}

	@ApiResponse(responseCode = "204", description = "Dropped")
	@DeleteMapping("/{table}")
	ResponseEntity<Void> dropTable(@PathVariable String table) {
		if (!this.store.dropTable(TableRules.table(table))) {
			throw TableException.tableNotFound(table);
		}
		return ResponseEntity.noContent().build();
	}

	@ApiResponse(responseCode = "201", description = "Inserted: the entity, its ETag")
	@ApiResponse(responseCode = "409", description = "Conflict: an entity with those keys exists")
	@PostMapping("/{table}/entities")
	ResponseEntity<TableEntity> insert(@PathVariable String table, @RequestBody NewEntity entity) {
		TableRules.table(table);
		String partitionKey = TableRules.key("partitionKey", entity.partitionKey());
		String rowKey = TableRules.key("rowKey", entity.rowKey());
		String properties = properties(entity.properties());
		if (!this.store.insert(table, partitionKey, rowKey, properties)) {
			throw new TableException(HttpStatus.CONFLICT, "Entity already exists",
					"an entity (" + partitionKey + ", " + rowKey + ") is in table " + table + " already");
		}
		TableEntity inserted = new TableEntity(partitionKey, rowKey, 1, entity.properties());
		return ResponseEntity.created(URI.create("/tables/" + table + "/entities/" + partitionKey + "/" + rowKey))
			.eTag(inserted.etagHeader())
			.body(inserted);
	}

	@GetMapping("/{table}/entities/{partitionKey}/{rowKey}")
	ResponseEntity<TableEntity> query(@PathVariable String table, @PathVariable String partitionKey,
			@PathVariable String rowKey) {
		EntityStore.Stored stored = this.store
			.find(TableRules.table(table), TableRules.key("partitionKey", partitionKey), TableRules.key("rowKey", rowKey))
			.orElseThrow(() -> TableException.entityNotFound(table, partitionKey, rowKey));
		TableEntity entity = new TableEntity(stored.partitionKey(), stored.rowKey(), stored.etag(),
				this.json.readTree(stored.properties()));
		return ResponseEntity.ok().eTag(entity.etagHeader()).body(entity);
	}

	@GetMapping("/{table}/entities")
	Map<String, List<EntityStore.Key>> keys(@PathVariable String table, @RequestParam String partitionKey,
			@RequestParam(defaultValue = "1000") int limit) {
		TableRules.table(table);
		TableRules.key("partitionKey", partitionKey);
		if (limit < 1 || limit > MAX_KEYS) {
			throw TableException.invalid("limit is 1 to " + MAX_KEYS + ", not " + limit);
		}
		if (!this.store.tableExists(table)) {
			throw TableException.tableNotFound(table);
		}
		return Map.of("keys", this.store.keys(table, partitionKey, limit));
	}

	@ApiResponse(responseCode = "204", description = "Replaced: the new ETag")
	@ApiResponse(responseCode = "412", description = "Precondition Failed: the entity changed since the ETag in If-Match")
	@PutMapping("/{table}/entities/{partitionKey}/{rowKey}")
	ResponseEntity<Void> update(@PathVariable String table, @PathVariable String partitionKey, @PathVariable String rowKey,
			@RequestHeader(name = HttpHeaders.IF_MATCH, required = false) String ifMatch, @RequestBody Update update) {
		TableRules.table(table);
		TableRules.key("partitionKey", partitionKey);
		TableRules.key("rowKey", rowKey);
		Optional<Long> expected = expectedEtag(ifMatch);
		Optional<Long> etag = this.store.replace(table, partitionKey, rowKey, properties(update.properties()), expected);
		if (etag.isEmpty()) {
			if (expected.isPresent() && this.store.find(table, partitionKey, rowKey).isPresent()) {
				throw new TableException(HttpStatus.PRECONDITION_FAILED, "Entity changed",
						"the entity's ETag is no longer " + ifMatch);
			}
			throw TableException.entityNotFound(table, partitionKey, rowKey);
		}
		return ResponseEntity.noContent().eTag(TableEntity.etagHeader(etag.get())).build();
	}

	@ApiResponse(responseCode = "204", description = "Deleted")
	@DeleteMapping("/{table}/entities/{partitionKey}/{rowKey}")
	ResponseEntity<Void> delete(@PathVariable String table, @PathVariable String partitionKey, @PathVariable String rowKey) {
		if (!this.store.delete(TableRules.table(table), TableRules.key("partitionKey", partitionKey),
				TableRules.key("rowKey", rowKey))) {
			throw TableException.entityNotFound(table, partitionKey, rowKey);
		}
		return ResponseEntity.noContent().build();
	}

	private String properties(JsonNode properties) {
		if (properties == null || !properties.isObject()) {
			throw TableException.invalid("properties is a JSON object");
		}
		try {
			return TableRules.properties(this.json.writeValueAsString(properties));
		}
		catch (JacksonException ex) {
			throw TableException.invalid("properties cannot be written: " + ex.getOriginalMessage());
		}
	}

	/** If-Match: absent or * is unconditional (the study's updates); otherwise one quoted etag. */
	private static Optional<Long> expectedEtag(String ifMatch) {
		if (ifMatch == null || ifMatch.isBlank() || ifMatch.trim().equals("*")) {
			return Optional.empty();
		}
		String value = ifMatch.trim();
		if (value.startsWith("W/")) {
			value = value.substring(2);
		}
		try {
			return Optional.of(Long.parseLong(value.replace("\"", "")));
		}
		catch (NumberFormatException ex) {
			throw TableException.invalid("If-Match is * or an ETag this service gave, not " + ifMatch);
		}
	}

}

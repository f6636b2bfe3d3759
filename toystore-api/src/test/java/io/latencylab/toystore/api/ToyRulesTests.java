package io.latencylab.toystore.api;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ToyRulesTests {

	@Test
	void aToyIsNamedWhateverItsCaseAndSurroundingSpaces() {
		assertThat(ToyRules.key("  Tux ")).isEqualTo(ToyRules.key("tux")).isEqualTo("tux");
	}

	@Test
	void aValidBuyNamesAToyAndTakesOneOrMoreWithinTheLimit() {
		assertThat(ToyRules.invalidBuy("Tux", 1)).isEmpty();
		assertThat(ToyRules.invalidBuy("Tux", ToyRules.MAX_QUANTITY)).isEmpty();
		assertThat(ToyRules.invalidBuy("Tux", 0)).hasValueSatisfying((why) -> assertThat(why).contains("quantity"));
		assertThat(ToyRules.invalidBuy("Tux", ToyRules.MAX_QUANTITY + 1L)).isPresent();
		assertThat(ToyRules.invalidBuy(" ", 1)).hasValue("name must be a non-empty string");
		assertThat(ToyRules.invalidBuy(null, 1)).isPresent();
		assertThat(ToyRules.invalidBuy("x".repeat(ToyRules.MAX_NAME_LENGTH + 1), 1)).isPresent();
	}

}

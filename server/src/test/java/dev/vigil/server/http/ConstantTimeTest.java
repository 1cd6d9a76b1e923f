package dev.vigil.server.http;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The comparison of presented secrets: equal non-empty secrets only. */
class ConstantTimeTest {

    @Test
    void shouldNeverMatchAnEmptySecret() {
        assertThat(ConstantTime.matches("", "")).isFalse();
        assertThat(ConstantTime.matches("", "vgl_sys_token")).isFalse();
        assertThat(ConstantTime.matches("vgl_sys_token", "")).isFalse();
        assertThat(ConstantTime.matches(null, null)).isFalse();
    }

    @Test
    void shouldMatchOnlyTheSameSecret() {
        assertThat(ConstantTime.matches("vgl_sys_token", "vgl_sys_token")).isTrue();
        assertThat(ConstantTime.matches("vgl_sys_tokeN", "vgl_sys_token")).isFalse();
        assertThat(ConstantTime.matches("vgl_sys_toke", "vgl_sys_token")).isFalse();
    }
}

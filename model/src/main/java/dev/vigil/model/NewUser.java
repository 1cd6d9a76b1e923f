package dev.vigil.model;

public record NewUser(String email, Role role) {
}

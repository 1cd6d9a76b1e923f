package dev.vigil.desktop.testing;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestInstancePostProcessor;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/**
 * Sets a {@link DesktopTest}'s {@link DesktopFixture} field when the test's instance is made (before TestFX
 * calls {@code @Start}) and closes the fixture after the test.
 */
final class DesktopExtension implements TestInstancePostProcessor, AfterEachCallback {

    @Override
    public void postProcessTestInstance(Object instance, ExtensionContext context) throws IllegalAccessException {
        List<Field> fields = fixtureFields(instance.getClass());
        if (fields.size() != 1) {
            throw new ExtensionConfigurationException(instance.getClass().getSimpleName()
                    + ": a @DesktopTest declares one non-static DesktopFixture field");
        }
        fields.getFirst().set(instance, new DesktopFixture());
    }

    @Override
    public void afterEach(ExtensionContext context) throws IllegalAccessException {
        Object instance = context.getRequiredTestInstance();
        for (Field field : fixtureFields(instance.getClass())) {
            if (field.get(instance) instanceof DesktopFixture fixture) {
                fixture.close();
            }
        }
    }

    private static List<Field> fixtureFields(Class<?> testClass) {
        List<Field> fields = new ArrayList<>();
        for (Class<?> type = testClass; type != Object.class; type = type.getSuperclass()) {
            for (Field field : type.getDeclaredFields()) {
                if (field.getType() == DesktopFixture.class && !Modifier.isStatic(field.getModifiers())) {
                    field.setAccessible(true);
                    fields.add(field);
                }
            }
        }
        return fields;
    }
}

package dev.vigil.server.testing;

import dev.vigil.server.ServerSettings;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;
import java.util.function.UnaryOperator;

/** Starts, hands out and stops the server of a {@link VigilServerTest} class. */
final class VigilServerExtension implements BeforeAllCallback, AfterAllCallback, ParameterResolver {

    private static final ExtensionContext.Namespace NAMESPACE =
            ExtensionContext.Namespace.create(VigilServerExtension.class);

    @Override
    public void beforeAll(ExtensionContext context) throws IllegalAccessException {
        Class<?> testClass = context.getRequiredTestClass();
        TestServer server = TestServer.start(settings(testClass));
        context.getStore(NAMESPACE).put(TestServer.class, server);
        for (Field field : staticFields(testClass)) {
            field.setAccessible(true);
            if (field.getType() == TestServer.class) {
                field.set(null, server);
            } else if (field.getType() == TestServer.Tenant.class) {
                field.set(null, server.tenant());
            }
        }
    }

    @Override
    public void afterAll(ExtensionContext context) {
        TestServer server = context.getStore(NAMESPACE).remove(TestServer.class, TestServer.class);
        if (server != null) {
            server.close();
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        return type == TestServer.class || type == TestServer.Tenant.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        TestServer server = server(context);
        return parameter.getParameter().getType() == TestServer.class ? server : server.tenant();
    }

    private static TestServer server(ExtensionContext context) {
        for (ExtensionContext c = context; c != null; c = c.getParent().orElse(null)) {
            TestServer server = c.getStore(NAMESPACE).get(TestServer.class, TestServer.class);
            if (server != null) {
                return server;
            }
        }
        throw new ExtensionConfigurationException("no server: the class is not a @VigilServerTest");
    }

    private static List<Field> staticFields(Class<?> testClass) {
        return Arrays.stream(testClass.getDeclaredFields())
                .filter(f -> Modifier.isStatic(f.getModifiers()) && !Modifier.isFinal(f.getModifiers()))
                .toList();
    }

    private static UnaryOperator<ServerSettings> settings(Class<?> testClass) {
        List<Method> setUps = Arrays.stream(testClass.getDeclaredMethods())
                .filter(m -> m.isAnnotationPresent(SetUpServer.class)).toList();
        if (setUps.isEmpty()) {
            return s -> s;
        }
        Method setUp = setUps.getFirst();
        if (setUps.size() > 1 || !Modifier.isStatic(setUp.getModifiers())
                || setUp.getReturnType() != ServerSettings.class
                || !Arrays.equals(setUp.getParameterTypes(), new Class<?>[]{ServerSettings.class})) {
            throw new ExtensionConfigurationException(testClass.getSimpleName()
                    + ": one static ServerSettings method(ServerSettings) may be annotated @SetUpServer");
        }
        setUp.setAccessible(true);
        return s -> {
            try {
                return (ServerSettings) setUp.invoke(null, s);
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            } catch (InvocationTargetException e) {
                throw e.getCause() instanceof RuntimeException cause ? cause : new IllegalStateException(e);
            }
        };
    }
}

package dev.chokepoint.agent.bootstrap;

import dev.chokepoint.agent.options.AgentOptions;
import dev.chokepoint.agent.probe.ClassNames;
import dev.chokepoint.agent.probe.GreetingProbe;
import dev.chokepoint.agent.probe.GreetingProbe.Greeter;
import dev.chokepoint.agent.probe.Probe;
import dev.chokepoint.agent.probe.ProbeContext;
import dev.chokepoint.agent.probe.weave.MethodHooks;
import dev.chokepoint.agent.probe.weave.MethodMatch;
import dev.chokepoint.agent.probe.weave.ProbeAdvice;
import dev.chokepoint.agent.probe.weave.TypeMatch;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;

class ProbeTransformerTest {

    private static final ClassLoader LOADER = ProbeTransformerTest.class.getClassLoader();
    private static final String GREETER = Greeter.class.getName().replace('.', '/');

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final AgentProbeContext context = new AgentProbeContext(new SimpleMeterRegistry(),
            AgentOptions.parse("", Map.of()), new PrintStream(err, true, StandardCharsets.UTF_8));

    @Test
    void aMatchingProbesAdviceIsWovenIn() throws Exception {
        ProbeTransformer transformer = new ProbeTransformer(List.of(probe("greeting", GreetingProbe::greeterAdvice)),
                context);

        assertThat(Greeter.greetWith(transform(transformer))).isEqualTo("hello!");
        assertThat(stderr()).isEmpty();
    }

    @Test
    void aClassNoProbeMatchesIsLeftAsItIs() throws Exception {
        ProbeTransformer transformer = new ProbeTransformer(List.of(probe("greeting",
                () -> ProbeAdvice.of(TypeMatch.named("a.b.Other")).on(MethodMatch.named("greet"),
                        MethodHooks.onExit(code -> code.returned().pop())))),
                context);

        assertThat(transform(transformer)).isNull();
    }

    @Test
    void aProbeWhoseHooksCannotBeWovenGoesOffAndTheOthersAreStillWoven() throws Exception {
        ProbeTransformer transformer = new ProbeTransformer(List.of(
                probe("broken", GreetingProbe::missingAdvice),
                probe("greeting", GreetingProbe::greeterAdvice)), context);

        assertThat(Greeter.greetWith(transform(transformer))).isEqualTo("hello!");
        assertThat(context.isOn("broken")).isFalse();
        assertThat(context.isOn("greeting")).isTrue();
        assertThat(stderr()).startsWith("chokepoint: probe broken could not instrument " + Greeter.class.getName() + ": ")
                .contains("has no field 'noSuchField'").endsWith("; probe off, the application runs on");
    }

    @Test
    void aProbeWhoseTypeMatcherThrowsGoesOffAlone() throws Exception {
        ProbeTransformer transformer = new ProbeTransformer(List.of(
                probe("throwing", () -> ProbeAdvice.of(type -> {
                    throw new IllegalStateException("matcher broke");
                }).on(MethodMatch.named("greet"), MethodHooks.onExit(code -> code.returned().pop()))),
                probe("greeting", GreetingProbe::greeterAdvice)), context);

        assertThat(Greeter.greetWith(transform(transformer))).isEqualTo("hello!");
        assertThat(context.isOn("throwing")).isFalse();
        assertThat(stderr()).contains("probe throwing could not instrument").contains("IllegalStateException matcher broke");
    }

    @Test
    void aProbeWhoseAdviceCannotBeListedIsOffFromTheStart() throws Exception {
        ProbeTransformer transformer = new ProbeTransformer(List.of(
                probe("unlisted", () -> {
                    throw new NoSuchMethodError("org.example.Api.gone()");
                }),
                probe("greeting", GreetingProbe::greeterAdvice)), context);

        assertThat(context.isOn("unlisted")).isFalse();
        assertThat(stderr()).isEqualTo("chokepoint: probe unlisted off: could not install: NoSuchMethodError org.example.Api.gone()");
        assertThat(Greeter.greetWith(transform(transformer))).isEqualTo("hello!");
    }

    @Test
    void aProbeSwitchedOffIsNoLongerWoven() throws Exception {
        ProbeTransformer transformer = new ProbeTransformer(List.of(probe("greeting", GreetingProbe::greeterAdvice)),
                context);
        context.failed("greeting", "switched off by the test");

        assertThat(transform(transformer)).isNull();
    }

    private static byte[] transform(ProbeTransformer transformer) throws Exception {
        return transformer.transform(null, LOADER, GREETER, null, null, Greeter.classFile());
    }

    private String stderr() {
        return err.toString(StandardCharsets.UTF_8).strip();
    }

    private static Probe probe(String id, Supplier<ProbeAdvice> advice) {
        return new Probe() {
            @Override
            public String id() {
                return id;
            }

            @Override
            public ClassNames classNames() {
                return ClassNames.of(Greeter.class.getName());
            }

            @Override
            public void bind(ProbeContext context) {
            }

            @Override
            public List<ProbeAdvice> advice() {
                return List.of(advice.get());
            }
        };
    }
}

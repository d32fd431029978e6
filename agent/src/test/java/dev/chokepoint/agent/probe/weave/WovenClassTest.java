package dev.chokepoint.agent.probe.weave;

import dev.chokepoint.agent.probe.OwnLoader;
import dev.chokepoint.agent.probe.weave.HookTarget.Calls;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import java.lang.reflect.InvocationTargetException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The weaver on a real class: each woven class is defined (so the JVM's verifier checks it) and
 * run.
 */
class WovenClassTest {

    private static final ClassLoader LOADER = WovenClassTest.class.getClassLoader();
    private static final String CALLS = "dev/chokepoint/agent/probe/weave/HookTarget$Calls";

    @BeforeEach
    void clear() {
        Calls.SEEN.clear();
    }

    @Test
    void entryAndExitHooksSeeTheArgumentsFieldsAndReturnedValueAndMayReplaceIt() throws Exception {
        Class<?> woven = weave(ProbeAdvice.of(TypeMatch.named(HookTarget.class.getName())).on(MethodMatch.named("greet"),
                MethodHooks.onEnter(code -> code.argument(0).callStatic(Calls.class, "saw"))
                        .andOnExit(code -> code.field("name", "Ljava/lang/String;").callStatic(Calls.class, "saw"),
                                code -> code.returned().callStatic(Calls.class, "exclaimed").setReturned())));

        Object target = woven.getConstructor(String.class).newInstance("ann");

        assertThat(woven.getMethod("greet", String.class).invoke(target, "bob")).isEqualTo("ann greets bob!");
        assertThat(Calls.SEEN).containsExactly("bob", "ann");
    }

    @Test
    void wideArgumentsAndReturnsAndStaticMethodsWithLoops() throws Exception {
        Class<?> woven = weave(ProbeAdvice.of(TypeMatch.named(HookTarget.class.getName()))
                .on(MethodMatch.named("twice"), MethodHooks.onExit(code -> code.returned()
                        .callStatic(Calls.class, "tripled").setReturned()))
                .on(MethodMatch.named("sum"), MethodHooks.onEnter(code -> code.constant("sum").callStatic(Calls.class, "saw"))
                        .andOnExit(code -> code.ownClass().callStatic(Calls.class, "sawObject")).alsoOnThrow()));

        Object target = woven.getConstructor(String.class).newInstance("ann");

        assertThat(woven.getMethod("twice", long.class, double.class).invoke(target, 7L, 1.5)).isEqualTo(42L);
        assertThat(woven.getMethod("sum", int.class).invoke(null, 6)).isEqualTo(3);
        assertThat(Calls.SEEN).containsExactly("sum", woven.toString());
    }

    @Test
    void exitHooksAlsoOnThrowSeeNoReturnedValueAndTheExceptionGoesOn() throws Exception {
        Class<?> woven = weave(ProbeAdvice.of(TypeMatch.named(HookTarget.class.getName())).on(MethodMatch.named("fail"),
                MethodHooks.onExit(code -> code.argument(0).pop().returned().callStatic(Calls.class, "sawNumber"))
                        .alsoOnThrow()));
        Object target = woven.getConstructor(String.class).newInstance("ann");

        assertThat(woven.getMethod("fail", int.class).invoke(target, 0)).isEqualTo(0);
        assertThatThrownBy(() -> woven.getMethod("fail", int.class).invoke(target, 3))
                .isInstanceOf(InvocationTargetException.class).cause().hasMessage("failed 3");
        assertThat(Calls.SEEN).containsExactly("0", "0");
    }

    @Test
    void theMethodsOwnHandlersStillCatchFirst() throws Exception {
        Class<?> woven = weave(ProbeAdvice.of(TypeMatch.named(HookTarget.class.getName())).on(MethodMatch.named("caught"),
                MethodHooks.onExit(code -> code.returned().callStatic(Calls.class, "saw")).alsoOnThrow()));
        Object target = woven.getConstructor(String.class).newInstance("ann");

        assertThat(woven.getMethod("caught", String.class).invoke(target, "tiny")).isEqualTo("short");
        assertThat(Calls.SEEN).containsExactly("short");
    }

    @Test
    void aHookThatThrowsIsDroppedAndTheMethodRunsAsWritten() throws Exception {
        Class<?> woven = weave(ProbeAdvice.of(TypeMatch.named(HookTarget.class.getName()))
                .on(MethodMatch.named("greet"), MethodHooks.onEnter(code -> code.argument(0).callStatic(Calls.class, "boom"))
                        .andOnExit(code -> code.returned().callStatic(Calls.class, "boom"),
                                code -> code.returned().callStatic(Calls.class, "saw")).alsoOnThrow())
                .on(MethodMatch.named("nothing"), MethodHooks.onExit(code -> code.thisObject()
                        .callStatic(CALLS, "missing", "(Ljava/lang/Object;)V"))));
        Object target = woven.getConstructor(String.class).newInstance("ann");

        assertThat(woven.getMethod("greet", String.class).invoke(target, "bob")).isEqualTo("ann greets bob");
        woven.getMethod("nothing").invoke(target);
        assertThat(Calls.SEEN).containsExactly("ann greets bob");
    }

    @Test
    void constructorsTakeExitHooksWithThisInitialized() throws Exception {
        Class<?> woven = weave(ProbeAdvice.of(TypeMatch.named(HookTarget.class.getName())).on(MethodMatch.constructor()
                .arguments("I"), MethodHooks.onExit(code -> code.field("name", "Ljava/lang/String;").callStatic(Calls.class, "saw"))));

        woven.getConstructor(int.class).newInstance(-4);
        woven.getConstructor(int.class).newInstance(5);

        assertThat(Calls.SEEN).containsExactly("negative", "n5");
    }

    @Test
    void anExitHookReadsTheValueTheBodyLeftInItsArgument() throws Exception {
        Class<?> woven = weave(ProbeAdvice.of(TypeMatch.named(HookTarget.class.getName())).on(MethodMatch.named("reassigned"),
                MethodHooks.onExit(code -> code.argument(0).callStatic(Calls.class, "saw"))));

        woven.getMethod("reassigned", String.class).invoke(woven.getConstructor(String.class).newInstance("ann"), "why");

        assertThat(Calls.SEEN).containsExactly("why?");
    }

    @Test
    void anExitHookReadingASlotWhoseTypeTheBodyChangesIsRefusedAndEarlierHooksStay() throws Exception {
        byte[] reuse = slotReusingClass();
        WovenClass woven = new WovenClass(LOADER, "gen.Reuse", reuse);
        ProbeAdvice entry = ProbeAdvice.of(TypeMatch.named("gen.Reuse")).on(MethodMatch.named("reuse"),
                MethodHooks.onEnter(code -> code.argument(0).callStatic(Calls.class, "saw")));

        assertThatThrownBy(() -> woven.apply(ProbeAdvice.of(TypeMatch.named("gen.Reuse")).on(MethodMatch.named("reuse"),
                MethodHooks.onExit(code -> code.argument(0).callStatic(Calls.class, "saw")))))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("cannot hook gen.Reuse.reuse(Ljava/lang/String;)Ljava/lang/String;: the exit hooks read"
                        + " local slots {0} whose declared type the body does not keep");
        assertThat(woven.changed()).isFalse();
        woven.apply(entry);
        assertThatThrownBy(() -> woven.apply(entry)).hasMessageContaining("twice");

        Class<?> defined = OwnLoader.define("gen.Reuse", woven.bytes());
        assertThat(defined.getMethod("reuse", String.class).invoke(null, "cy")).isEqualTo("x");
        assertThat(Calls.SEEN).containsExactly("cy");
    }

    /** {@code static String reuse(String s) { s = (int) 1; return "x"; }}: no javac writes it, a verifier takes it. */
    private static byte[] slotReusingClass() {
        ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        writer.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "gen/Reuse", null, "java/lang/Object", null);
        MethodVisitor method = writer.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "reuse",
                "(Ljava/lang/String;)Ljava/lang/String;", null, null);
        method.visitCode();
        method.visitInsn(Opcodes.ICONST_1);
        method.visitVarInsn(Opcodes.ISTORE, 0);
        method.visitLdcInsn("x");
        method.visitInsn(Opcodes.ARETURN);
        method.visitMaxs(0, 0);
        method.visitEnd();
        writer.visitEnd();
        return writer.toByteArray();
    }

    @Test
    void hooksNamingWhatTheClassLacksAreRefusedWhenApplied() throws Exception {
        WovenClass woven = new WovenClass(LOADER, HookTarget.class.getName(), HookTarget.classFile());

        assertThatThrownBy(() -> woven.apply(ProbeAdvice.of(TypeMatch.named(HookTarget.class.getName()))
                .on(MethodMatch.named("greet"), MethodHooks.onExit(code -> code.argument(3).pop()))))
                .hasMessageContaining("has no argument 3");
        assertThatThrownBy(() -> woven.apply(ProbeAdvice.of(TypeMatch.named(HookTarget.class.getName()))
                .on(MethodMatch.named("sum"), MethodHooks.onEnter(code -> code.thisObject().pop()))))
                .hasMessageContaining("is static");
        assertThatThrownBy(() -> woven.apply(ProbeAdvice.of(TypeMatch.named(HookTarget.class.getName()))
                .on(MethodMatch.constructor(), MethodHooks.onEnter(code -> code.constant("x").pop()))))
                .hasMessageContaining("constructors only take exit hooks");
        assertThat(woven.changed()).isFalse();
    }

    @Test
    void theHeaderMatchesByNameModifiersAndSuperTypesReadFromClassFiles() throws Exception {
        ClassHeader type = ClassHeader.of(HookTarget.classFile(), LOADER);
        ClassHeader calls;
        try (var in = LOADER.getResourceAsStream(CALLS + ".class")) {
            calls = ClassHeader.of(in.readAllBytes(), LOADER);
        }
        ClassHeader list;
        try (var in = ClassLoader.getSystemResourceAsStream("java/util/ArrayList.class")) {
            list = ClassHeader.of(in.readAllBytes(), null);
        }

        assertThat(type.name()).isEqualTo(HookTarget.class.getName());
        assertThat(type.isAbstract()).isFalse();
        assertThat(calls.name()).endsWith("HookTarget$Calls");
        assertThat(list.hasSuperType("java.util.Collection")).isTrue();
        assertThat(list.hasSuperType("java.util.AbstractCollection")).isTrue();
        assertThat(list.hasSuperType("java.sql.Driver")).isFalse();
        assertThat(TypeMatch.nameEndsWith("Target").and(TypeMatch.concrete()).matches(type)).isTrue();
    }

    private static Class<?> weave(ProbeAdvice advice) throws Exception {
        WovenClass woven = new WovenClass(LOADER, HookTarget.class.getName(), HookTarget.classFile());
        assertThat(advice.matches(woven.type())).isTrue();
        woven.apply(advice);
        assertThat(woven.changed()).isTrue();
        return HookTarget.define(woven.bytes());
    }
}
